// A JavaScript-only shell: a page whose content is written by script, so the HTML as served has next to no
// text. Reported as the warning `js_shell`, which is what lets agent-io (and the fetch layer's browser tier)
// render only the pages that need it: a page with real text is never flagged, whatever scripts it has.

/** Below this many visible words a page with a shell marker is a shell; above it the text is the page. */
const SHELL_MAX_WORDS = 60;

// An app mount point with nothing in it (React, Vue, Next, Nuxt, Svelte, Gatsby, Angular, Quasar, Flutter).
const EMPTY_MOUNT = /<div[^>]+id=["'](?:root|app|__next|__nuxt|svelte|___gatsby|q-app|main-app|application|flutter-view)["'][^>]*>\s*(?:<!--[^>]*-->\s*)?<\/div>|<app-root[^>]*>\s*<\/app-root>|<flutter-view/i;
const BUNDLE_SCRIPT = /<script\b[^>]*\bsrc=["'][^"']+["'][^>]*>|<script\b[^>]*type=["']module["']/i;
const NOSCRIPT_NEEDS_JS = /<noscript\b[^>]*>[\s\S]{0,2000}?(?:enable javascript|javascript is (?:required|disabled)|turn on javascript|requires javascript|without javascript|activate javascript|javascript aktivieren)[\s\S]{0,2000}?<\/noscript>/i;
// Frameworks that always boot client-side, recognised by their loader files.
const KNOWN_APP_LOADERS = /main\.dart\.js|flutter_bootstrap\.js|_framework\/blazor\.|\/_next\/static\/chunks\/|ember-application|data-discourse-setup|id=["']data-preloaded["']/i;

// A body with next to no text but real script: the page writes itself (document.write, innerHTML, a bundle).
const SCRIPTED_BODY_MAX_WORDS = 20;
const INLINE_SCRIPT = /<script\b(?![^>]*\btype=["'](?:application\/(?:ld\+)?json|text\/template|importmap)["'])[^>]*>([\s\S]*?)<\/script>/gi;

function hasSubstantialScript(head: string): boolean {
  if (BUNDLE_SCRIPT.test(head)) return true;
  for (const match of head.matchAll(INLINE_SCRIPT)) {
    // Analytics snippets are short one-liners; a script that builds the page has DOM calls in it.
    if (/\b(?:document\.(?:write|body|createElement|getElementById|querySelector)|innerHTML|appendChild|fetch\()/.test(match[1] ?? "")) return true;
  }
  return false;
}

export type JsShellReason = "empty_mount_with_bundle" | "noscript_needs_javascript" | "known_app_loader" | "scripted_empty_body";

/** Why this page is a script-only shell, or null. `visibleWords` counts the page's visible text. */
export function detectJsShell(rawHtml: string, visibleWords: number): JsShellReason | null {
  if (visibleWords >= SHELL_MAX_WORDS) return null;
  const head = rawHtml.slice(0, 200_000);
  if (EMPTY_MOUNT.test(head) && BUNDLE_SCRIPT.test(head)) return "empty_mount_with_bundle";
  if (NOSCRIPT_NEEDS_JS.test(head)) return "noscript_needs_javascript";
  if (KNOWN_APP_LOADERS.test(head) && BUNDLE_SCRIPT.test(head)) return "known_app_loader";
  if (visibleWords < SCRIPTED_BODY_MAX_WORDS && hasSubstantialScript(head)) return "scripted_empty_body";
  return null;
}
