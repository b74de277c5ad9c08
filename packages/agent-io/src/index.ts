// Public API of @websift/agent-io, exported by name.
export { createWebsift, type Websift, type WebsiftOptions } from "./websift.js";
export { createAgentEntryPoints, type AgentDefaults, type AgentEntryPoints } from "./entry-points.js";
export { type OperatorSettings } from "./operator/operator-settings.js";
export { checkOperatorSettings } from "./operator/check-operator-settings.js";
export { AgentIoError } from "./errors.js";
export { productionLayers, type Layers } from "./layers.js";
export { createFence, fenceBody, neutralizeMarkers, type Fence } from "./fence/untrusted-fence.js";
export { findInstructionLikeText, type InstructionFinding } from "./fence/instruction-scan.js";
export type {
  AgentContentsRequest,
  AgentContentsResponse,
  AgentPageFetchRequest,
  AgentPageOpenRequest,
  AgentPageRequest,
  AgentPageResponse,
  AgentSearchRequest,
  AgentSearchResponse,
  AgentSimilarRequest,
  AgentSimilarResponse,
} from "@websift/contracts";
