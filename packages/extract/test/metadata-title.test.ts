import { describe, expect, it } from "vitest";
import { parseHtml } from "../src/core/dom.js";
import { readMetadata } from "../src/core/metadata.js";
import { readTitleWindow } from "../src/core/title-window.js";
import { TITLE_FEATURE_NAMES } from "../src/core/metadata/title-features.js";
import weights from "../src/core/title-weights.json" with { type: "json" };

const metaOf = (html: string, url = "https://blog.example.test/post", jsonLd: unknown[] = []) =>
  readMetadata(parseHtml(`<!doctype html><html>${html}</html>`), url, jsonLd);

describe("readTitleWindow", () => {
  it("finds the headline inside a wrapper whose layout class names a sidebar or menu", () => {
    const doc = parseHtml(
      "<!doctype html><html><body class=\"single has-sidebar menu-closed\">" +
        '<div class="col sidebar-left-layout"><h1>The real headline</h1>' +
        '<p>By Ann Lee, June 12, 2025</p></div><div class="sidebar"><h2>Popular</h2><p>May 1, 2020</p></div></body>',
    );
    const window = readTitleWindow(doc.body);
    expect(window.headline?.textContent).toBe("The real headline");
    expect(window.after).toContain("June 12, 2025");
    expect(window.after).not.toContain("May 1, 2020");
  });
});

describe("readMetadata: title", () => {
  const article = (head: string, body: string) =>
    metaOf(
      `<head>${head}<meta property="og:type" content="article"><meta property="article:published_time" content="2025-01-02"></head><body>${body}</body>`,
    );

  it("reads an <h1> without the label of a button inside it", () => {
    const meta = article(
      "<title>Result in std::result - Rust</title>",
      '<main><h1>Enum <span>Result</span>&nbsp;<button id="copy-path" title="Copy item path to clipboard">Copy item path</button></h1><p>A type for success or failure.</p></main>',
    );
    expect(meta.title).toBe("Enum Result");
  });

  it("passes over an <h1> that only links to the home page (a forum's logo), even when it is the only one", () => {
    const meta = metaOf(
      '<head><title>SMF vs MyBB? What are the differences?</title></head><body><header><h1 class="header__title"><a href="https://forum.example/">MyBB</a></h1></header>' +
        "<div><p>Which one should I pick for a new board, and why?</p></div></body>",
      "https://community.forum.example/thread-222085.html",
    );
    expect(meta.title).toBe("SMF vs MyBB? What are the differences?");
  });

  it("passes over an <h1> ending in a colon right above the <h1> it leads into", () => {
    const meta = metaOf(
      "<head><title>The Fold-and-Cut Problem (Erik Demaine)</title></head><body>" +
        '<h1><a href="../">Erik Demaine</a>\'s <a href="../folding/">Folding and Unfolding</a>:</h1><h1>The Fold-and-Cut Problem</h1>' +
        "<h2>Problem</h2><p>What shapes can result from folding flat and one straight cut?</p></body>",
      "https://people.example/foldcut",
    );
    expect(meta.title).toBe("The Fold-and-Cut Problem");
  });

  it("passes over an <h1> that names the site, by og:site_name or by the end of <title>", () => {
    const bySiteName = article(
      '<title>Porting a parser in a day - Field Notes</title><meta property="og:site_name" content="Field Notes">',
      "<header><h1>Field Notes</h1></header><article><h1>Porting a parser in a day</h1></article>",
    );
    expect(bySiteName.title).toBe("Porting a parser in a day");
    const byTitleEnd = article(
      "<title>Why caches lie | Ann's Log</title>",
      "<h1>Ann's Log</h1><p>Some intro.</p>",
    );
    expect(byTitleEnd.rulesTitle).toBe("Why caches lie | Ann's Log");
    // The ranker also cuts the site's part, which the logo spells.
    expect(byTitleEnd.title).toBe("Why caches lie");
  });

  it("passes over an <h1> that shares only the site's name with <title>", () => {
    const page = article(
      '<title>Smart home security concerns – Nationwide Marketing Group</title><meta property="og:site_name" content="Nationwide Marketing Group">',
      "<h1>Return to Nationwide Website</h1><article><p>Text.</p></article>",
    );
    expect(page.title).toBe("Smart home security concerns");
  });

  it("passes over a section label that shares no word with <title>", () => {
    const page = article(
      '<title>Packing tips for a long move</title><meta property="og:title" content="Packing tips for a long move">',
      "<h1>Blog</h1><p>By Ann Lee</p>",
    );
    expect(page.title).toBe("Packing tips for a long move");
  });

  it("keeps a rephrased <h1> on an article when it shares words with <title>", () => {
    const page = article("<title>Gym equipment: a beginner's guide</title>", "<h1>How to use gym equipment with confidence</h1>");
    expect(page.title).toBe("How to use gym equipment with confidence");
  });

  it("reads a line break inside a heading as a space", () => {
    const onArticle = article("<title>Data Analytics Agency</title>", "<h1>Data Analytics<br>Agency</h1>");
    expect(onArticle.title).toBe("Data Analytics Agency");
  });

  it("does not take a declared title that is only the site's name", () => {
    const page = metaOf(
      '<head><title>All socks</title><meta property="og:title" content="Sockshop"><meta property="og:site_name" content="Sockshop"></head>' +
        "<body><p>No heading.</p></body>",
    );
    expect(page.title).toBe("All socks");
  });

  it("decodes entities a CMS escaped twice in <meta> content", () => {
    const page = metaOf('<head><meta property="og:title" content="Kneelers &amp;amp; More &amp;#8211; Tools"></head><body></body>');
    expect(page.rulesTitle).toBe("Kneelers & More – Tools");
  });

  it("without a declared title, takes <title> over an <h1> outside <main> that shares no word with it", () => {
    const banner = metaOf(
      "<head><title>Progress report #39</title></head><body><header><h1>Antoine's notebook</h1></header>" +
        "<main><h2>Progress report #39</h2><p>Text.</p></main></body>",
    );
    expect(banner.title).toBe("Progress report #39");
    const inMain = metaOf(
      "<head><title>Forum - the heart of the web</title></head><body><main><h1>Cast iron pan and metal spoons</h1><p>Text.</p></main></body>",
    );
    expect(inMain.title).toBe("Cast iron pan and metal spoons");
  });

  it("keeps the <h1> when <title> is only the site's name or begins with a separator", () => {
    const siteOnly = metaOf(
      '<head><title>| Nuts & Volts Magazine</title><meta property="og:site_name" content="Nuts and Volts Magazine"></head>' +
        "<body><h1>Electronic gadgets</h1><p>Text.</p></body>",
    );
    expect(siteOnly.title).toBe("Electronic gadgets");
    const emptyPart = metaOf("<head><title> | Sockshop</title></head><body><h1>Wool socks</h1></body>");
    expect(emptyPart.title).toBe("Wool socks");
  });

  it("cuts the site's name off the end of a declared title, never down to one word", () => {
    const long = metaOf(
      '<head><meta property="og:title" content="Skin care and repair | Medical School Continuing Education">' +
        '<meta property="og:site_name" content="Medical School Continuing Education"></head><body><p>Text.</p></body>',
    );
    expect(long.title).toBe("Skin care and repair");
    const oneWord = metaOf(
      '<head><meta property="og:title" content="Home - Acme Collective"><meta property="og:site_name" content="Acme Collective"></head><body></body>',
    );
    expect(oneWord.title).toBe("Home - Acme Collective");
  });

  it("passes over an <h1> whose words begin the site part of <title> (the logo of 'Arch Forums')", () => {
    const page = metaOf(
      "<head><title>Which kernel for an old laptop? / Hardware / Arch Linux Forums</title></head>" +
        "<body><div id=\"brand\"><h1>Arch Linux</h1></div><p>Text.</p></body>",
    );
    expect(page.rulesTitle).toBe("Which kernel for an old laptop? / Hardware / Arch Linux Forums");
    expect(page.title).toBe("Which kernel for an old laptop?");
  });

  it("passes over an <h1> that is the site's domain name", () => {
    const page = metaOf("<head><title>example.com Vibe coding</title></head><body><h1>example.com</h1><p>Text.</p></body>");
    expect(page.title).toBe("example.com Vibe coding");
  });

  it("cuts a first or last title part that spells the host's name, except on a home page", () => {
    // The rules' trimming (the ranker may cut further: its lead-part candidates).
    const titled = (title: string, url: string) => metaOf(`<head><title>${title}</title></head><body><p>Text.</p></body>`, url).rulesTitle;
    expect(titled("10 Easy Steps for a Great Interior Design | Tarkett", "https://home.tarkett.co.uk/en_GB/node/10-steps")).toBe("10 Easy Steps for a Great Interior Design");
    expect(titled("Turning off all LED of RPi 5 - Raspberry Pi Forums", "https://forums.raspberrypi.com/viewtopic.php?t=1")).toBe("Turning off all LED of RPi 5");
    expect(titled("Frommers | The 10 Best Airfare Search Sites", "https://www.frommers.com/tips/airfare/")).toBe("The 10 Best Airfare Search Sites");
    // A last part of one or two words may name a host label among others; a first part must spell it whole.
    expect(titled("Azure Functions | Microsoft Azure", "https://azure.microsoft.com/en-us/products/functions")).toBe("Azure Functions");
    expect(titled("Top 5 HR Software in 2026 | DianaHR", "https://www.getdianahr.com/blog/best-hr-software")).toBe("Top 5 HR Software in 2026");
    expect(titled("Marketing for Small Businesses | Get Local Agency", "https://www.getlocal.agency/services")).toBe("Marketing for Small Businesses");
    expect(titled("Ridge Wallet - Royal Black", "https://ridge.com/products/aluminum-black")).toBe("Ridge Wallet - Royal Black");
    expect(titled("Hugging Face – The AI community building the future.", "https://huggingface.co/")).toBe("Hugging Face – The AI community building the future.");
    // Never down to one word, and a part that only shares a word with the host stays.
    expect(titled("Webcams - Yosemite", "https://www.yosemite.example/webcams")).toBe("Webcams - Yosemite");
    expect(titled("What Are the Trends in Psychiatry? - News", "https://www.psychiatry.org/news/trends")).toBe("What Are the Trends in Psychiatry? - News");
  });

  it("ends the title where an <h1> spelling its leading parts ends, never at an <h1> spelling the trailing ones", () => {
    const page = (title: string, h1: string) => metaOf(`<head><title>${title}</title></head><body><h1>${h1}</h1><p>Text.</p></body>`, "https://developer.mozilla.example/docs/x").rulesTitle;
    expect(page("Using the Fetch API - Web APIs | MDN", "Using the Fetch API")).toBe("Using the Fetch API");
    expect(page("Tutorial - User Guide - FastAPI", "Tutorial - User Guide")).toBe("Tutorial - User Guide");
    expect(page("What is Ownership? - The Rust Programming Language", "The Rust Programming Language")).toBe("What is Ownership? - The Rust Programming Language");
    // A logo <h1> naming the site, and any <h1> on a home page, end nothing.
    const logo = metaOf(
      '<head><meta property="og:title" content="Acme | Industrial Widgets and Parts"><meta property="og:site_name" content="Acme"></head><body><h1>Acme</h1><p>Text.</p></body>',
      "https://widgets.example/catalog",
    );
    expect(logo.title).toBe("Acme | Industrial Widgets and Parts");
    const home = metaOf('<head><meta property="og:title" content="Northwind - Data platforms for finance"></head><body><h1>Northwind</h1><p>Text.</p></body>', "https://northwind.example/");
    expect(home.title).toBe("Northwind - Data platforms for finance");
  });
});


describe("readMetadata: the title ranker", () => {
  const article = (head: string, body: string, url: string) =>
    metaOf(`<head>${head}<meta property="og:type" content="article"><meta property="article:published_time" content="2025-01-02"></head><body>${body}</body>`, url);

  it("ships weights that fit the features (otherwise every page falls back to the rules)", () => {
    expect(weights.weights).toHaveLength(TITLE_FEATURE_NAMES.length);
    expect(weights.mean).toHaveLength(TITLE_FEATURE_NAMES.length);
    expect(weights.scale).toHaveLength(TITLE_FEATURE_NAMES.length);
  });

  it("keeps the <h1> a reader sees on an article whose og:title is rephrased for sharing", () => {
    const page = article(
      '<title>How we cut build times in half - Engineering at Northwind</title><meta property="og:title" content="How we cut build times in half">',
      "<main><article><h1>Build times, halved: what we changed</h1><p>By Ann Lee</p></article></main>",
      "https://northwind.example/engineering/how-we-cut-build-times-in-half",
    );
    expect(page.title).toBe("Build times, halved: what we changed");
  });

  it("takes the declared title over a landing page's slogan <h1>", () => {
    const page = metaOf(
      '<head><title>Quillo — Team note-taking app</title><meta property="og:title" content="Quillo — Team note-taking app"></head>' +
        "<body><header><nav>Home</nav></header><main><h1>Clarity, finally.</h1><p>Sign up</p></main></body>",
      "https://quillo.example/features/teams",
    );
    expect(page.title).toBe("Team note-taking app");
  });

  it("prefers the <h1> naming the later year over a declared title left from last year", () => {
    const page = metaOf(
      '<head><title>Checklist for a spring garden, 2024 edition</title><meta property="og:title" content="Checklist for a spring garden, 2024 edition"></head>' +
        "<body><main><h1>Checklist for a spring garden, 2025 edition</h1><p>Text.</p></main></body>",
      "https://greenrow.example/guides/spring-garden-checklist",
    );
    expect(page.rulesTitle).toBe("Checklist for a spring garden, 2024 edition");
    expect(page.title).toBe("Checklist for a spring garden, 2025 edition");
  });

  it("cuts a trailing site part the rules do not know as the site's", () => {
    const page = metaOf("<head><title>Why caches lie | Ann's Log</title></head><body><p>Text.</p></body>", "https://annlee.example/posts/why-caches-lie");
    expect(page.rulesTitle).toBe("Why caches lie | Ann's Log");
    expect(page.title).toBe("Why caches lie");
  });

  it("never takes a logo <h1> that names the site", () => {
    const page = metaOf(
      "<head><title>What is Ownership? - The Rust Programming Language</title></head><body><h1>The Rust Programming Language</h1><p>Text.</p></body>",
      "https://doc.rust.example/book/ch04-01-what-is-ownership.html",
    );
    expect(page.title).toBe("What is Ownership?");
  });
});
