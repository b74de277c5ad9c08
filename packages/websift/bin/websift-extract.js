#!/usr/bin/env node
// `websift-extract` of @websift/extract, linked by `npm install -g websift`.
import { runLayerBin } from "./run-layer-bin.js";

await runLayerBin("@websift/extract", "websift-extract");
