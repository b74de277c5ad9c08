#!/usr/bin/env node
// `websift-store` of @websift/store, linked by `npm install -g websift`.
import { runLayerBin } from "./run-layer-bin.js";

await runLayerBin("@websift/store", "websift-store");
