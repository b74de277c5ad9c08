#!/usr/bin/env node
// `websift` of @websift/agent-io, linked by `npm install -g websift`.
import { runLayerBin } from "./run-layer-bin.js";

await runLayerBin("@websift/agent-io", "websift");
