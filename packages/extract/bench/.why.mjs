import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
const D='/work/main/packages/extract/dist/core/';
const { parseHtml } = await import(D+'dom.js');
const { precleanHtml } = await import(D+'preclean.js');
const { stripHidden } = await import(D+'strip-hidden.js');
const { readJsonLd, jsonLdNodes, typesOf } = await import(D+'json-ld.js');
const { readMetadata } = await import(D+'metadata.js');
const { classifyPageType } = await import(D+'page-type.js');
for (const id of process.argv.slice(2)) {
const gt = JSON.parse(readFileSync('/work/shared/bench/wcxb-dev/ground-truth/'+id+'.json','utf8'));
const pre=precleanHtml(gunzipSync(readFileSync('/work/shared/bench/wcxb-dev/html/'+id+'.html.gz')).toString());
const doc=parseHtml(pre.html); const j=readJsonLd(doc, pre.jsonLd); stripHidden(doc, pre.css); const m=readMetadata(doc, gt.url, j.blocks);
const c=classifyPageType(doc, gt.url, j.blocks, m.og_type);
console.log(id, gt._internal.page_type.primary, c, m.og_type, jsonLdNodes(j.blocks).flatMap(typesOf).join(','), gt.url);
}
if (process.env.POSTS) for (const id of process.argv.slice(2)) {
  const pre=precleanHtml(gunzipSync(readFileSync('/work/shared/bench/wcxb-dev/html/'+id+'.html.gz')).toString());
  const doc=parseHtml(pre.html);
  const m={};
  for (const el of doc.querySelectorAll('*')) { const it=el.getAttribute('itemtype')??''; const c=el.getAttribute('class')??''; if (/DiscussionForumPosting|Answer/i.test(it)) m['it:'+it]=(m['it:'+it]??0)+1; const mm=/(?:^|\s)(topic-post|postbit|postbody|post_body|js-post-body|message--post|forum-post|answercell|postcell|crawler-post)(?:\s|$)/.exec(c); if (mm) m['c:'+mm[1]]=(m['c:'+mm[1]]??0)+1; if (el.hasAttribute('data-post-id')) m['data-post-id']=(m['data-post-id']??0)+1; if (el.localName==='article'&&/(^|\s)message(\s|$)/.test(c)) m['article.message']=(m['article.message']??0)+1; }
  console.log(id, m);
}
