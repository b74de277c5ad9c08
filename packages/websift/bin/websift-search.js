#!/usr/bin/env node
// `websift-search` of @websift/search, linked by `npm install -g websift`.
import { runLayerBin } from "./run-layer-bin.js";

await runLayerBin("@websift/search", "websift-search");
