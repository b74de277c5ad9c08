// Public API of @websift/store, exported by name: the contract entry point and the layer's error type.
export { runStoreOperation } from "./entry-point.js";
export { StoreLayerError } from "./errors.js";
// A one-shot CLI on a Redis store calls this before exiting: an open Redis connection keeps Node alive.
export { closeRedisClients as closeStoreConnections } from "./core/redis/redis-connection.js";
export type { StoreRequest, StoreResponse } from "@websift/contracts";
