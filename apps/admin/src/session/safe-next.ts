/**
 * Where the sign-in page sends someone back to: a console path (under /admin), nothing else. The
 * path is resolved first (dot segments, encoded ones too), and only printable ASCII is taken.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || next.length > 1000 || !/^\/[\x21-\x7e]*$/.test(next) || next.startsWith("//") || next.includes("\\")) return "/admin";
  const url = URL.parse(next, "http://console.invalid");
  if (url?.origin !== "http://console.invalid") return "/admin";
  const path = url.pathname + url.search;
  return /^\/admin(?:[/?]|$)/.test(path) ? path : "/admin";
}
