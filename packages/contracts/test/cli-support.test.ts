import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readInputFileText, readStdinText } from "../src/index.js";

// Every CLI input is bounded: a huge or endless stream ends in a typed refusal, not in memory exhaustion.
describe("bounded CLI input", () => {
  it("stdin past the limit is refused as too_large as soon as it passes it", async () => {
    let pulled = 0;
    const endless = new Readable({
      read() {
        pulled += 1;
        this.push(Buffer.alloc(1024, 97));
      },
    });
    await expect(readStdinText(endless, 10 * 1024)).rejects.toMatchObject({ code: "too_large" });
    expect(pulled).toBeLessThan(20);
    expect(await readStdinText(Readable.from([Buffer.from("{\"a\":1}")]), 100)).toBe("{\"a\":1}");
  });

  it("a file over the limit is refused from its size, naming the file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "websift-cli-input-"));
    try {
      const file = join(dir, "big.json");
      writeFileSync(file, "x".repeat(2000));
      await expect(readInputFileText(file, 1000)).rejects.toThrow(/big\.json is 2000 bytes, larger than the 1000-byte input limit/);
      expect(await readInputFileText(file, 5000)).toHaveLength(2000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
