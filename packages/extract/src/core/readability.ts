// Mozilla Readability over the linkedom document. It mutates the document, so callers run it last or on
// a copy. The serializer hands back the content element itself to skip an HTML round trip.
import { Readability } from "@mozilla/readability";

export interface ReadabilityOutput {
  content: Element;
  title: string | null;
  byline: string | null;
  excerpt: string | null;
  siteName: string | null;
  publishedTime: string | null;
  lang: string | null;
}

export function runReadability(doc: Document): ReadabilityOutput | null {
  const holder: { content: Element | null } = { content: null };
  const reader = new Readability(doc, {
    charThreshold: 300,
    // Class cleanup is wasted work (no output format keeps classes) and costly on linkedom; keeping them
    // also keeps code blocks' language-* classes for Markdown fences.
    keepClasses: true,
    serializer: (el: Node) => {
      holder.content = el as Element;
      return "";
    },
  });
  const article = reader.parse();
  const content = holder.content;
  if (!article || !content) return null;
  return {
    content,
    title: article.title ?? null,
    byline: article.byline ?? null,
    excerpt: article.excerpt ?? null,
    siteName: article.siteName ?? null,
    publishedTime: article.publishedTime ?? null,
    lang: article.lang ?? null,
  };
}
