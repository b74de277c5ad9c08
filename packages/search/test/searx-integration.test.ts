import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateContractValue } from "@websift/contracts";
import { startSearx, type SearxServer } from "./support/searx-server.js";
import { runSearchCli } from "./support/run-cli.js";

// Debian's searx 1.1.0 is a real metasearch server with SearXNG's JSON API; its engines point at
// a local fake upstream where one engine works and one answers HTTP 500.
let searx: SearxServer;
beforeAll(async () => {
  searx = await startSearx();
}, 60_000);
afterAll(() => searx?.close());

describe("websift-search against Debian's real searx", () => {
  it("returns merged results and reports the failing upstream engine", async () => {
    const result = await runSearchCli(["retry budget", "--engines", "searxng", "--searxng-url", searx.url, "--explain", "--json"]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const data = result.json.data;
    expect(validateContractValue("search", "response", data)).toEqual({ valid: true });
    expect(data.outcome).toBe("partial");
    const [engine] = data.engines;
    expect(engine).toMatchObject({ name: "searxng", outcome: "partial" });
    expect(engine.upstream_failures.map((failure: { engine: string }) => failure.engine)).toEqual(["failing"]);
    expect(data.results.map((entry: { url: string }) => entry.url)).toEqual(["https://docs.example.org/guide", "https://forum.example.org/t/question/12"]);
    expect(data.results[0].engines).toEqual(["working"]);
    expect(data.results[1].source_type).toBe("forum");
    expect(data.dropped).toEqual([expect.objectContaining({ url: "https://bestbuy.com/site/thing", reason: "non_answer_host (bestbuy.com)" })]);
    expect(searx.upstreamHits.some((hit) => hit.startsWith("/working?q=retry"))).toBe(true);
    expect(searx.upstreamHits.some((hit) => hit.startsWith("/failing?q=retry"))).toBe(true);
  });
});
