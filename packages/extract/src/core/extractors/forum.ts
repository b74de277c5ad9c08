// Forum threads: every post, each with its author and date. Readability keeps the longest post and drops
// the rest, which is the failure this extractor exists for.
import { classTokenPattern, removePageChrome, removeStructuralChrome } from "../boilerplate.js";
import { KEEP_BLOCK_ATTRIBUTE } from "../blocks/block-list.js";
import { classAndId, isInside, tagOf, textLength } from "../dom.js";
import { cleanLine, lowerWords, shareOfShinglesIn, wordShingles } from "../text.js";
import { findMainContainer } from "./main-content.js";

// Forum software post containers, most specific first (Discourse, XenForo, vBulletin, phpBB, punBB,
// Stack Exchange, Reddit, then generic schema.org and class conventions).
const POST_SELECTORS = [
  '[itemtype*="DiscussionForumPosting" i]',
  ".crawler-post, .topic-post",
  "article.message--post, article.message",
  "li.postbit, .postcontainer, .postbitlegacy, table.tborder[id^=\"post\"]",
  "div.blockpost",
  "div.post.bg1, div.post.bg2, div.post.has-profile",
  "#question, .answer",
  "shreddit-post, shreddit-comment, .thing.comment, .thing.link",
  '[itemtype*="schema.org/Question" i], [itemtype*="schema.org/Answer" i]',
  '[id^="post-"][class*="post"], [id^="post_"][class*="post"]',
  ".forum-post, .post-container, .message-container",
];

const COMMENT_SELECTOR = '[itemtype*="schema.org/Comment" i]';

// The message text inside a post, without the user card (join date, post count, badges) around it.
const BODY = '[id^="post_message_"], [itemprop="text"], [itemprop="articleBody"], .message-body .bbWrapper, .message-body, .bbWrapper, .cooked, .postmsg, .postbody .content, .postcontent, .post-content, .post_body, .post-body, .postbody, .s-prose, .js-post-body, .post-text, .message-content, .comment-content, .md, [slot="comment"], [slot="text-body"]';

// Where a post names its author, most telling first. Tried one by one (AUTHOR matches any of them): as one
// selector list the first match in document order wins, and that is often a wrapper holding the name with
// the user card around it (vBulletin's username_container with its "View Profile" menu, Stack Exchange's
// user-details with the reputation and badge counts).
const AUTHOR_SELECTORS = ['[itemprop="author"] [itemprop="name"]', '[itemprop="author"]', "[data-author]", ".username", ".user-name", ".author", ".creator", ".poster", ".post-author", ".postauthor", ".user-details a", '[class*="author" i] a', '[class*="username" i]'];
const AUTHOR = AUTHOR_SELECTORS.join(", ");
// A poster's signature under each of their posts (vBulletin, phpBB, XenForo, GameFAQs, Discussion boards): the
// same lines repeated through the thread, not what the post says.
const SIGNATURE = classTokenPattern("signature|signaturecontainer|sig|postsig");
// Longer than this, a match is a user card or a byline sentence, not a name.
const MAX_AUTHOR_CHARS = 80;
const DATE = 'time[datetime], [itemprop="datePublished"], [itemprop="dateCreated"], .post-date, .postdate, .date, [class*="timestamp" i], .relativetime';

export interface ForumPost {
  author: string | null;
  date: string | null;
  body: Element;
}

/** Posts in document order, or null when the page does not show at least two. */
export function findForumPosts(doc: Document): ForumPost[] | null {
  let posts: Element[] = [];
  // The selector finding the most posts wins (Discourse marks the first post and the replies with different
  // schema types); ties go to the more specific, earlier one. One post (an unanswered question) is a thread.
  for (const selector of POST_SELECTORS) {
    const found = outermost(Array.from(doc.querySelectorAll(selector))).filter((el) => textLength(el) > 20);
    if (found.length > posts.length) posts = found;
  }
  // Comments under posts (Stack Exchange's, a blog's) outnumber the posts; they are the thread only when
  // nothing marks posts.
  if (posts.length === 0) posts = outermost(Array.from(doc.querySelectorAll(COMMENT_SELECTOR))).filter((el) => textLength(el) > 20);
  if (posts.length === 0) {
    posts = repeatedBlocks(doc);
    if (posts.length < 2) return null;
  }
  return posts.flatMap((el) => {
    // A thread marked up as one posting that holds its replies (XenForo with schema.org Comment replies)
    // has one message body per post inside it: each is a post of its own.
    const bodies = outermost(Array.from(el.querySelectorAll(BODY)));
    if (bodies.length <= 1) return [readPost(el, bodies[0] ?? el)];
    return bodies.map((body) => readPost(postContainer(body, el), body));
  });
}

/** The nearest ancestor of a message body, inside the thread element, that carries the post's author. */
function postContainer(body: Element, thread: Element): Element {
  for (let p = body.parentElement; p && p !== thread; p = p.parentElement) {
    if (p.hasAttribute("data-author") || p.querySelector(AUTHOR)) return p;
  }
  return thread;
}

function readPost(container: Element, bodySource: Element): ForumPost {
  const author = container.getAttribute("data-author") ?? authorOf(container);
  const dateEl = container.querySelector(DATE);
  const date = cleanLine(dateEl?.textContent) ?? cleanLine(dateEl?.getAttribute("datetime"));
  const body = bodySource.cloneNode(true) as Element;
  removeSignatures(body);
  removeStructuralChrome(body);
  removePageChrome(body, { keepComments: true });
  return { author: author && author.length < MAX_AUTHOR_CHARS ? author : null, date, body };
}

function removeSignatures(body: Element): void {
  for (const el of Array.from(body.querySelectorAll("[class]"))) {
    if (SIGNATURE.test(el.getAttribute("class") ?? "") && isInside(el, body)) el.remove();
  }
}

/**
 * The first name the author selectors find, in their order. A `<meta itemprop="name">` gives its content only
 * when the post shows that name too: a reader never sees an attribute, so a hostile page cannot put words in
 * the author line through one.
 */
function authorOf(container: Element): string | null {
  for (const selector of AUTHOR_SELECTORS) {
    const el = container.querySelector(selector);
    if (!el) continue;
    const declared = el.getAttribute("content");
    const name = cleanLine(declared ?? el.textContent);
    if (!name || name.length >= MAX_AUTHOR_CHARS) continue;
    if (declared !== null && !(container.textContent ?? "").includes(name)) continue;
    return name;
  }
  return null;
}

/** Drops matches nested in another match: a post's quoted reply is part of that post. */
function outermost(els: Element[]): Element[] {
  const set = new Set(els);
  return els.filter((el) => {
    for (let p = el.parentElement; p; p = p.parentElement) if (set.has(p)) return false;
    return true;
  });
}

const NOT_A_POST = new Set(["p", "span", "a", "em", "strong", "b", "i", "br", "h1", "h2", "h3", "h4", "h5", "h6"]);

/**
 * Fallback for unknown forum software: the sibling group with one tag-and-class signature holding the most
 * text, e.g. <div class="reply"> x 12. Menus lose because their items are short.
 */
function repeatedBlocks(doc: Document): Element[] {
  // Searched inside the main region: sidebars ("latest posts") repeat too.
  const body = findMainContainer(doc) ?? doc.body;
  if (!body) return [];
  let best: Element[] = [];
  let bestScore = 0;
  for (const parent of [body, ...Array.from(body.querySelectorAll("*"))]) {
    const kids = Array.from(parent.children);
    if (kids.length < 3) continue;
    const groups = new Map<string, Element[]>();
    for (const kid of kids) {
      // Paragraphs and inline runs in a row are one text's parts (a single post, a signature), not posts.
      if (NOT_A_POST.has(tagOf(kid))) continue;
      const sig = `${tagOf(kid)}.${classAndId(kid).split(/\s+/).filter((c) => c && !/\d/.test(c)).slice(0, 2).join(".")}`;
      const g = groups.get(sig);
      if (g) g.push(kid);
      else groups.set(sig, [kid]);
    }
    if (parent.closest("aside, nav, footer, header")) continue;
    for (const group of groups.values()) {
      if (group.length < 3) continue;
      let total = 0;
      let long = 0;
      for (const el of group) {
        const len = textLength(el);
        total += len;
        if (len >= 80) long++;
      }
      if (long < 2) continue;
      const score = total * (long / group.length);
      if (score > bestScore) {
        bestScore = score;
        best = group;
      }
    }
  }
  return best;
}

/** One container with an author/date line before each post body. */
export function renderForumThread(doc: Document, title: string | null, posts: ForumPost[]): Element {
  removeRepeatedQuotes(posts);
  const out = doc.createElement("div");
  if (title) {
    const h1 = doc.createElement("h1");
    h1.textContent = title;
    out.appendChild(h1);
  }
  for (const post of posts) {
    const section = doc.createElement("section");
    const head = [post.author, post.date].filter(Boolean).join(" · ");
    // The body usually repeats the author line; only add one when the post itself lacks it.
    const bodyText = post.body.textContent ?? "";
    if (head && !(post.author && bodyText.includes(post.author))) {
      const p = doc.createElement("p");
      // Who wrote each post and when is part of a thread's content: the block filter never drops it.
      p.setAttribute(KEEP_BLOCK_ATTRIBUTE, "");
      const strong = doc.createElement("strong");
      strong.textContent = head;
      p.appendChild(strong);
      section.appendChild(p);
    }
    section.appendChild(post.body);
    out.appendChild(section);
  }
  return out;
}

// A reply's quote of a post shown above it: the forum software's quote block ("X said: ..."), and the
// quote's words already stand in the earlier post.
const QUOTE = "blockquote, aside.quote, .bbCodeBlock--quote, .bbcode_container, .bbcode_quote, div.quote, .quotecontent";
// Shingles of this many words compare a quote with the posts above it; most of them must be found there.
const SHINGLE_WORDS = 4;
const QUOTED_SHARE = 0.8;
// Shorter quotes are kept: "Agreed." is no repetition worth removing, and a short quote points the reader.
const MIN_QUOTE_WORDS = 12;

/**
 * Removes each quote that repeats a post shown earlier in the thread (forum software quotes the whole post
 * a reply answers): the agent reads it once, in its place. A quote of text not on the page stays.
 */
function removeRepeatedQuotes(posts: ForumPost[]): void {
  const earlier = new Set<string>();
  const authors = new Set<string>();
  for (const post of posts) {
    const quotes = Array.from(post.body.querySelectorAll(QUOTE)).filter((q, _, all) => !all.some((o) => o !== q && o.contains(q)));
    for (const quote of quotes) {
      const words = lowerWords(quote.textContent ?? "");
      if (words.length < MIN_QUOTE_WORDS) continue;
      if (shareOfShinglesIn(words, earlier, SHINGLE_WORDS) >= QUOTED_SHARE) replaceWithReference(quote, authors);
    }
    for (const s of wordShingles(lowerWords(post.body.textContent ?? ""), SHINGLE_WORDS)) earlier.add(s);
    if (post.author) authors.add(post.author);
  }
}

/**
 * The quote gives way to one line saying whose post it quoted. The name comes from page markup (an attribute
 * no reader sees), so it is written only when it is the visible author of a post above: a hostile page cannot
 * put words of its own in the agent's content this way.
 */
function replaceWithReference(quote: Element, authors: ReadonlySet<string>): void {
  const author = quotedAuthor(quote);
  if (!author || !authors.has(author)) {
    quote.remove();
    return;
  }
  const line = quote.ownerDocument.createElement("p");
  const em = quote.ownerDocument.createElement("em");
  em.textContent = `(quoting ${author}, above)`;
  line.appendChild(em);
  quote.replaceWith(line);
}

// "X said:" (XenForo), "X wrote:" (phpBB), "Originally Posted by X" (vBulletin), "Quote from: X on ..." (SMF).
const QUOTE_HEADER = /^(?:quote from:\s*|originally posted by\s+)?(.+?)(?:\s+(?:said|wrote|posted)\s*:?|\s+on\s+.+)?$/i;

function quotedAuthor(quote: Element): string | null {
  const declared = quote.getAttribute("data-quote") ?? quote.getAttribute("data-username") ?? quote.getAttribute("data-author");
  if (declared?.trim()) return cleanLine(declared);
  const header = quote.querySelector("cite, .bbCodeBlock-title, .title, .quote-title, .bbcode_postedby");
  const text = cleanLine(header?.textContent);
  const name = text ? cleanLine(QUOTE_HEADER.exec(text)?.[1]) : null;
  return name && name.length <= 60 ? name : null;
}

