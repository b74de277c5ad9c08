// JS-only shell detection: the pages the browser tier exists for are flagged `js_shell`, pages with their
// text in the HTML are not, whatever scripts they carry.
import { describe, expect, it } from "vitest";
import { extractContent } from "../src/index.js";
import { detectJsShell } from "../src/core/js-shell.js";

const ARTICLE = "<article><h1>Real article</h1>" + "<p>This paragraph is part of a page whose text is in the HTML as served, and it goes on for a while.</p>".repeat(8) + "</article>";

describe("detectJsShell", () => {
  it.each([
    ["empty React root with a bundle", `<html><head><title>App</title></head><body><div id="root"></div><script src="/static/js/main.3f2a.js"></script></body></html>`, "empty_mount_with_bundle"],
    ["Next.js empty __next", `<html><body><div id="__next"></div><script src="/_next/static/chunks/main.js"></script></body></html>`, "empty_mount_with_bundle"],
    ["Angular app-root", `<html><body><app-root></app-root><script src="main.js" type="module"></script></body></html>`, "empty_mount_with_bundle"],
    ["noscript asks for JavaScript", `<html><body><p>Loading...</p><noscript>Please enable JavaScript to view this site.</noscript></body></html>`, "noscript_needs_javascript"],
    ["Flutter web", `<html><body><script src="flutter_bootstrap.js" async></script></body></html>`, "known_app_loader"],
    ["a body an inline script writes", `<html><head><title>x</title></head><body><script>document.body.innerHTML = "<article><p>" + "text ".repeat(200) + "</p></article>";</script></body></html>`, "scripted_empty_body"],
  ])("flags %s", (_name, html, reason) => {
    expect(detectJsShell(html, 2)).toBe(reason);
  });

  it("does not flag a page whose text is in the HTML, even with an app root and bundles", () => {
    const html = `<html><body><div id="root"></div><script src="/bundle.js"></script>${ARTICLE}<noscript>enable JavaScript for comments</noscript></body></html>`;
    expect(detectJsShell(html, 150)).toBeNull();
  });

  it("does not flag a short static page without shell markers", () => {
    expect(detectJsShell("<html><body><p>Short note.</p><script>console.log(1)</script></body></html>", 2)).toBeNull();
    expect(detectJsShell(`<html><body><p>Short note.</p><script type="application/ld+json">{"@type":"Article","body":"document.write"}</script></body></html>`, 2)).toBeNull();
  });
});

describe("extract reports js_shell", () => {
  it("answers empty_content with the js_shell warning for a script-only page", async () => {
    const reply = await extractContent({ url: "https://app.example.org/", html: `<html><head><title>Loading</title></head><body><div id="app"></div><noscript>You need to enable JavaScript to run this app.</noscript><script src="/app.js"></script></body></html>` });
    expect(reply.ok).toBe(false);
    expect(reply.data?.warnings).toContain("js_shell");
  });

  it("does not report js_shell for an ordinary article", async () => {
    const reply = await extractContent({ url: "https://blog.example.org/post", html: `<html><head><title>Post</title></head><body>${ARTICLE}<script src="/analytics.js"></script></body></html>` });
    expect(reply.ok).toBe(true);
    expect(reply.data?.warnings ?? []).not.toContain("js_shell");
  });
});
