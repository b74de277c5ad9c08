#!/usr/bin/env node
// `websift-format` of @websift/format, linked by `npm install -g websift`.
import { runLayerBin } from "./run-layer-bin.js";

await runLayerBin("@websift/format", "websift-format");
