/**
 * What a logged address may show: its path without the query (a query may carry a token), and a
 * private link's token (a customer's order, a custom hat's quote, on their pages and on the API's
 * endpoints that the pages call) replaced by its name. Plain code, for the request log and for the
 * storefront's own lines about its calls to the API.
 */
export function loggedPath(url: string): string {
  return url.split("?")[0]!.replace(/^((?:\/ru)?\/(?:api\/shop\/)?(?:orders|quotes)\/)[^/]+/i, "$1:token");
}
