// Contract types generated from contracts/*.schema.json, re-exported by name.
export type { EnvelopeError, EnvelopeMeta, ErrorCode } from "./generated/envelope.js";
export type { FetchRequest, FetchResponse } from "./generated/fetch.js";
export type { SearchRequest, SearchResponse, EngineReport, SearchResult, SearchBackendsRequest, SearchBackendsResponse } from "./generated/search.js";
export type { SearchPolicy } from "./generated/search-policy.js";
export type { ExtractRequest, ExtractResponse } from "./generated/extract.js";
export type { FormatRequest, FormatResponse, FormatInputResult } from "./generated/format.js";
export type {
  StoreRequest,
  StoreResponse,
  StoreAddRequest,
  StoreSearchRequest,
  StoreGetRequest,
  StoreListRequest,
  StoreRemoveRequest,
  StoreStatsRequest,
  StorePageInput,
} from "./generated/store.js";
export type { AgentSearchRequest, AgentSearchResponse } from "./generated/agent-search.js";
export type { AgentPageRequest, AgentPageResponse } from "./generated/agent-page.js";
export type { AgentContentsRequest, AgentContentsResponse } from "./generated/agent-contents.js";
export type { AgentSimilarRequest, AgentSimilarResponse } from "./generated/agent-similar.js";
