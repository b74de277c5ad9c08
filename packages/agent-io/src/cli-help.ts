// `websift --help` and `websift <command> --help`. Only rest-defaults.ts is imported, so printing help
// loads no layer or server code.
import { DEFAULT_MAX_CONCURRENCY, DEFAULT_MCP_HTTP_PORT, DEFAULT_REST_HOST, DEFAULT_REST_PORT, DEFAULT_SHUTDOWN_GRACE_MS } from "./rest/rest-defaults.js";

const OPERATOR_FLAGS = `Operator settings (every command; never taken from a request; flag > environment > config file > default):
  --engines LIST          Default engines, comma-separated (env WEBSIFT_ENGINES; see websift engines)
  --searxng-url URL       SearXNG base URL (env WEBSIFT_SEARXNG_URL, or SEARXNG_URL)
  --policy FILE           Ranking policy YAML replacing the packaged default
  --store DIR             Store directory (env WEBSIFT_STORE_DIR; default the user cache dir)
  --redis-url URL         Keep the page store in Redis, shared by every instance naming it (env WEBSIFT_REDIS_URL)
  --allow-private-host HOST[:PORT]  Allow this one private host (this port only, when given), for
                          plain and rendered reads; repeatable (env WEBSIFT_ALLOW_PRIVATE_HOSTS, comma-separated)
  --allow-private-hosts   Allow loopback and private targets (refused by default; cloud
                          metadata addresses stay refused)
  --json                  Print only the Envelope as JSON on stdout
See docs/CONFIGURATION.md for every variable and config key; websift config shows the effective ones.`;

const RENDER_FLAG = `  --render MODE           auto (default: render in headless Chromium only a page that is a
                          JavaScript-only shell) | always | never`;

const ACCESS_FLAGS = (port: number) => `  --port N                Port (default ${port})   --host H   Bind address (default ${DEFAULT_REST_HOST})
  --token-file FILE       API token file, mode 600 (or env WEBSIFT_API_TOKEN_FILE, or the token in
                          WEBSIFT_API_TOKEN): every call then needs Authorization: Bearer <token>;
                          required to bind beyond loopback
  --allowed-host NAME[:PORT]  Also answer for this Host name (repeatable; env WEBSIFT_ALLOWED_HOSTS)
  --max-concurrency N     Calls running at once (default ${DEFAULT_MAX_CONCURRENCY}); more get 503 busy + Retry-After`;

/** Each command's own help: what it does, its flags, an example. */
const COMMAND_HELP: Readonly<Record<string, string>> = {
  search: `Usage: websift search <query> [options]

Ask the configured engines, report each engine's outcome, rank the results by the policy, read the
top pages into fenced Markdown under a character budget, and keep them in the local store.

Options:
  --tier T                instant | standard | deep | research
  --explain               Add dropped results and each result's score parts
  --no-extract            Rank only; read no pages (results still carry the engines' snippets)
  --top-n N               Pages read        --limit N   Maximum results
  --total-chars N --per-item-chars N     Override the policy's reading budget
  --angles FILE           YAML list of query angles (with --tier deep; at most 8)
  --time-range R          day | week | month | year      --language L   e.g. en
${RENDER_FLAG}

Example:
  websift search "http 429 retry-after" --top-n 3 --explain

Exit codes: 0 results, 1 nothing survived the policy, 2 could not run (every engine failed, bad input).`,
  fetch: `Usage: websift fetch <url> [options]

Read one page (through the SSRF guard, robots.txt and per-host limits), keep it in the store and
print one page of it, fenced as untrusted data. The handle continues it with websift open.

Options:
  --page N                Page to return (default 1)
  --page-size-tokens N    Page size (default 1000)
  --query Q               Also return the passages most relevant to Q
  --datamark              Interleave a data marker in the page text
${RENDER_FLAG}

Example:
  websift fetch https://www.rfc-editor.org/rfc/rfc9110 --page-size-tokens 2000`,
  open: `Usage: websift open <handle> [options]

Read a page the store already holds, by handle, with no network.

Options:
  --page N                Page to return (default 1)
  --page-size-tokens N    Page size (default: the store's)
  --query Q               Also return the passages most relevant to Q
  --datamark              Interleave a data marker in the page text

Example:
  websift open www.rfc-editor.org~3f6c0a9b12de --page 2`,
  contents: `Usage: websift contents <url...> [options]

Read several pages; one outcome per URL, so one failure does not stop the rest.

Options:
  --page-size-tokens N    Size of each page's first page
${RENDER_FLAG}

Example:
  websift contents https://example.org/a https://example.org/b`,
  similar: `Usage: websift similar <url|handle> [options]

Pages like a stored page (by handle or any URL of it; a URL not stored is read first): similar
passages in the store and, with the page's title as the query, new search results.

Options:
  --limit N               Results from each source

Example:
  websift similar https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Retry-After`,
  engines: `Usage: websift engines [--json]

Every search engine websift knows: configured or not (and what to set), the engines a search asks
by default and whose choice that is, each engine's last outcome on this machine, a rate-limit wait
still running and Brave's daily budget. Asks nothing on the network.

Example:
  WEBSIFT_SEARXNG_URL=http://127.0.0.1:8888 websift engines`,
  config: `Usage: websift config [--json]

The effective settings of this invocation and where each came from: flag, env (the variable's
name), file (the config file) or default. Flags given here are shown as flags.

Example:
  WEBSIFT_SEARXNG_URL=http://127.0.0.1:8888 websift config --json`,
  doctor: `Usage: websift doctor [--json]

Check what websift needs, each with a fix when it fails: the SearXNG URL (reachable, JSON output
enabled), engine keys, the store, cache and state directories, the browser for rendered pages,
and Redis when one is configured. Exit 0 when nothing failed, 1 otherwise.

Example:
  websift doctor --searxng-url http://127.0.0.1:8888`,
  mcp: `Usage: websift mcp [options]

Run the MCP server: on stdio by default (stdout carries only the protocol; logs go to stderr), or
over streamable HTTP at http://HOST:PORT/mcp with --http.

Options:
  --http                  Serve streamable HTTP instead of stdio (default port ${DEFAULT_MCP_HTTP_PORT})
  --tools LIST            Tools to offer, comma-separated (env WEBSIFT_MCP_TOOLS; default all)
  --schemas MODE          compact (default) | full: schemas in tools/list (env WEBSIFT_MCP_SCHEMAS)
With --http:
${ACCESS_FLAGS(DEFAULT_MCP_HTTP_PORT)}

Example (an MCP client's command line):
  npx -y websift mcp --engines duckduckgo,wikipedia`,
  serve: `Usage: websift serve [options]

Run the REST server (JSON in, an Envelope out; /openapi.json describes it; /healthz for probes).

Options:
${ACCESS_FLAGS(DEFAULT_REST_PORT)}
  --shutdown-grace S      Seconds requests in flight may finish after SIGTERM (default ${DEFAULT_SHUTDOWN_GRACE_MS / 1000})

Example:
  websift serve --port 8787
  curl 'http://127.0.0.1:8787/v1/search?q=http+429&no_extract=1'`,
};

export const USAGE = `Usage: websift <command> [options]

Web search results an agent can use: several engines asked, each one's outcome told,
results ranked by a policy in config, top pages read into fenced Markdown, all kept in a
local index for later reads.

Commands:
  search <query>        Search, rank, read the top pages under a budget, index them
  fetch <url>           Read one page, fenced and paginated, and index it
  open <handle>         Read a stored page again, with no network
  similar <url|handle>  Find similar pages in the store and in new search results
  contents <url...>     Read several pages, one outcome per URL
  engines               List the search engines: configured or not, defaults, last outcome, waits
  config                Print the effective settings and where each came from
  doctor                Check SearXNG, keys, directories, the browser and Redis, with fixes
  mcp [--http]          Run the MCP server on stdio (or streamable HTTP at /mcp)
  serve [--port N]      Run the REST server (loopback by default)

websift <command> --help shows a command's own options and an example.

${OPERATOR_FLAGS}
  -h, --help              Show this help (or a command's, after the command)
  -V, --version           Print websift's version

Exit codes: 0 ok, 1 nothing survived filtering / not found / the page failed, 2 could not run.
`;

/** A command's help with the operator settings every command takes. */
export function commandHelp(command: string): string | undefined {
  const own = COMMAND_HELP[command];
  return own === undefined ? undefined : `${own}\n\n${OPERATOR_FLAGS}\n`;
}
