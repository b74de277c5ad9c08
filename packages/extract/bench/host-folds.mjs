// Cross-validation folds by whole host, so a site's pages are never on both sides of a split: a stable FNV-1a
// hash of the host name picks its fold. Shared by the trainers (train-page-type.mjs, train-blocks.mjs).
export function foldsByHost(hosts, folds) {
  return new Map(hosts.map((h) => [h, fnv1a(h) % folds]));
}

function fnv1a(s) {
  let h = 2166136261;
  for (const ch of s) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}
