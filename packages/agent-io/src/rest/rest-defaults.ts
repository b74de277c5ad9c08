// What `websift serve` does when the operator does not say, written once: read by the server and by
// `websift --help`, which imports only this file so that printing help loads no server code.
export const DEFAULT_REST_PORT = 8787;
/** Loopback unless asked: the server reads pages on its caller's behalf. */
export const DEFAULT_REST_HOST = "127.0.0.1";
/** Requests running at once; more get 503 busy with Retry-After. */
export const DEFAULT_MAX_CONCURRENCY = 8;
/** Request bodies are small JSON requests; anything larger is refused (413) before it is buffered. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** Longest request target, path and query; longer is 414. */
export const DEFAULT_MAX_REQUEST_TARGET_BYTES = 8 * 1024;
/** Results of GET /api/system/web-search without `maxResults`. */
export const DEFAULT_COMPAT_MAX_RESULTS = 8;
/** How long requests in flight may still run after a shutdown starts before their connections are cut. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;
/** Port of `websift mcp --http` (beside serve's, so both can run on one machine). */
export const DEFAULT_MCP_HTTP_PORT = 8788;
