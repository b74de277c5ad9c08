#!/usr/bin/env node
// `websift-contracts` of @websift/contracts, linked by `npm install -g websift`.
import { runLayerBin } from "./run-layer-bin.js";

await runLayerBin("@websift/contracts", "websift-contracts");
