#!/usr/bin/env node
// `websift-fetch` of @websift/fetch, linked by `npm install -g websift`.
import { runLayerBin } from "./run-layer-bin.js";

await runLayerBin("@websift/fetch", "websift-fetch");
