/**
 * Pages found by an unguessable token in their URL (an order, a quote): the token is the key, so the
 * page is never kept by a cache (shared or the browser's), never indexed, and never sent on to
 * another site as a referrer.
 */
export const secretLinkHeaders = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "no-referrer",
});

export const secretLinkMeta = [
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];
