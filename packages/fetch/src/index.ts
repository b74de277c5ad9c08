// Public API of @websift/fetch, exported by name: the contract entry point and the layer's error type.
export { fetchUrl } from "./entry-point.js";
export { FetchLayerError } from "./errors.js";
// A one-shot CLI that fetched with a Redis URL calls this before exiting: an open Redis connection keeps Node alive.
export { closeRedisClients as closeFetchConnections } from "./core/redis/redis-connection.js";
export type { FetchRequest, FetchResponse } from "@websift/contracts";
