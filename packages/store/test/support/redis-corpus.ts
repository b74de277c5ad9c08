/** Pages for the Redis tests: varied term frequencies and lengths so BM25 scores spread, plus text that must survive byte for byte. */
export interface CorpusPage {
  url: string;
  markdown: string;
}

export function redisCorpus(count = 40): CorpusPage[] {
  return Array.from({ length: count }, (_, p) => {
    const sections = Array.from({ length: 4 + (p % 4) }, (_, s) => {
      const words: string[] = [];
      for (let i = 0; i < 1 + ((p * 7 + s * 3) % 6); i += 1) words.push("cache", `word${(p * 13 + s * 5 + i) % 41}`);
      if ((p + s) % 3 !== 0) words.push("redis", "shared", "store");
      if (p % 5 === 0) words.push("politeness", "limiter");
      for (let i = 0; i < (p * 11 + s) % 9; i += 1) words.push(`pad${p}x${s}x${i}`);
      return `## Section ${s} — ünïcödé 😀\n\n${words.join(" ")}.\r\n\ttabbed line  with  double  spaces\n`;
    });
    return { url: `https://pages${p % 3}.example/doc/${p}?utm_source=x`, markdown: `# Page ${p}\n\n${sections.join("\n")}` };
  });
}

export const REDIS_QUERIES = ["cache", "redis shared", "shared store", "politeness limiter", "word7 cache", "ünïcödé", "store redis cache word3", "pad3x1x2"];
