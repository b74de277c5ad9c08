import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseCharset, decodeText } from "../src/core/charset.js";
import { fetchPage } from "../src/core/fetch-page.js";
import { LOCAL, startFixtureServer, type FixtureServer } from "./helpers/fixture-server.js";

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(async () => {
  await server.close();
});

describe("charset detection and decoding against a real server", () => {
  it.each([
    ["/charset/lying-header", "windows-1252", "Café – €5"],
    ["/charset/undeclared-cp1252", "windows-1252", "Café – €5"],
    ["/charset/shift-jis-meta", "shift_jis", "日本語"],
    ["/charset/gb2312-header", "gbk", "中文"],
    ["/charset/latin1-header-utf8-bytes", "utf-8", "Café – €5 ✓"],
    ["/charset/bom-wins", "utf-8", "naïve ✓"],
    ["/charset/unknown-label", "utf-8", "Grüße"],
  ])("%s decodes as %s", async (path, charset, text) => {
    const result = await fetchPage({ url: server.url(path), ...LOCAL });
    expect(result.outcome).toBe("ok");
    expect(result.charset).toBe(charset);
    expect(result.body).toContain(text);
    expect(result.body).not.toContain("\uFFFD");
    expect(result.detail).toContain(`charset ${charset}`);
  });
});

describe("charset rules", () => {
  it("prefers the header over meta when the bytes agree with the header", () => {
    const bytes = Buffer.from('<meta charset="shift_jis"><p>plain ascii</p>');
    expect(chooseCharset(bytes, "utf-8")).toEqual({ charset: "utf-8", source: "Content-Type header" });
  });

  it("reads the XML declaration", () => {
    const bytes = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>'), Buffer.from([0xe9]), Buffer.from("</a>")]);
    expect(decodeText(bytes, undefined)).toMatchObject({ text: '<?xml version="1.0" encoding="ISO-8859-1"?><a>é</a>', charset: "windows-1252" });
  });

  it("decodes UTF-16 with a BOM", () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("hi ✓", "utf16le")]);
    expect(decodeText(bytes, "utf-8")).toMatchObject({ text: "hi ✓", charset: "utf-16le", source: "byte order mark" });
  });
});
