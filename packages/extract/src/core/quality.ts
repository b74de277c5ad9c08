// quality_score: how much usable main content came out, with hard vetoes for pages that are not content
// at all (bot challenges, soft 404s, empty application shells), whatever their word count.
import type { ExtractResponseExtractedVia } from "@websift/contracts";
import { detectJsShell } from "./js-shell.js";

export interface QualityInput {
  rawHtml: string;
  title: string | null;
  text: string;
  wordCount: number;
  bodyWordCount: number;
  extractedVia: ExtractResponseExtractedVia;
}

export interface QualityVerdict {
  score: number;
  warnings: string[];
}

const CHALLENGE_MARKERS =
  /cf-browser-verification|challenge-platform|cf_chl_opt|cf-challenge|__cf_chl_|jschl[-_]|ddos-guard|_incapsula_resource|px-captcha|perimeterx|datadome|captcha-delivery|g-recaptcha|hcaptcha\.com\/|turnstile/i;
const CHALLENGE_TEXT =
  /just a moment\.\.\.|checking (?:if the site connection is secure|your browser)|verify(?:ing)? you are (?:a )?human|enable javascript and cookies to continue|attention required|access denied|are you a robot|press (?:&|and) hold|please complete the security check|unusual traffic from your computer/i;
const SOFT_404 =
  /\b404\b|page (?:was )?not found|page (?:you (?:are|were) looking for )?(?:does ?n[o']t|doesn't|no longer) exists?|can(?:no|')t find (?:that|the|this) page|nothing (?:was )?found|page (?:is )?no longer available|seite nicht gefunden|page introuvable/i;
const SHELL_MARKERS = /<div[^>]+id=["'](?:root|app|__next|__nuxt|svelte)["'][^>]*>\s*<\/div>|you need to enable javascript to run this app|please enable javascript/i;

export function scoreQuality(input: QualityInput): QualityVerdict {
  const warnings: string[] = [];
  let cap = 1;
  const head = input.rawHtml.slice(0, 200_000);
  const shortPage = input.bodyWordCount < 400;
  // The page size first: the marker scan over 200 KB of HTML is the costly part, and long pages skip it.
  if (shortPage && (CHALLENGE_MARKERS.test(head) || CHALLENGE_TEXT.test(`${input.title ?? ""} ${input.text.slice(0, 2000)}`))) {
    warnings.push("challenge_page");
    cap = Math.min(cap, 0.1);
  }
  if (input.title && SOFT_404.test(input.title) && input.wordCount < 300) {
    warnings.push("soft_404");
    cap = Math.min(cap, 0.15);
  } else if (SOFT_404.test(input.text.slice(0, 300)) && input.wordCount < 150) {
    warnings.push("soft_404");
    cap = Math.min(cap, 0.2);
  }
  // A page that only exists after its scripts run: flagged so a caller can render it (issue 16).
  if (detectJsShell(input.rawHtml, input.bodyWordCount) !== null) {
    warnings.push("js_shell");
    cap = Math.min(cap, input.wordCount === 0 ? 0 : 0.15);
  }
  if (input.wordCount < 20) {
    warnings.push(SHELL_MARKERS.test(head) ? "empty_shell" : "little_content");
    cap = Math.min(cap, input.wordCount === 0 ? 0 : 0.25);
  }
  // Below ~300 words an extraction is plausibly partial; past that, size adds little confidence.
  const size = Math.min(1, Math.log10(1 + input.wordCount) / Math.log10(301));
  const viaWeight: Record<ExtractResponseExtractedVia, number> = {
    readability: 1,
    "page-type": 1,
    "main-heuristic": 0.9,
    "body-text": 0.7,
    pdf: 0.95,
    passthrough: 0.95,
  };
  const score = Math.min(cap, 0.15 + 0.85 * size * viaWeight[input.extractedVia]);
  return { score: Math.round(score * 1000) / 1000, warnings };
}
