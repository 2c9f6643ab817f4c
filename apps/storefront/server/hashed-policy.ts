import { createHash } from "node:crypto";

/**
 * The page's Content-Security-Policy with, in place of the nonce in `script-src` and `style-src`, the
 * SHA-256 hash of each inline script and style carrying it: the very elements the nonce let run.
 */
export function hashedPolicy(policy: string, nonce: string, body: Buffer): string {
  const html = body.toString("utf8");
  const sources = { "script-src": inlineHashes(html, "script"), "style-src": inlineHashes(html, "style") };
  return policy
    .split(";")
    .map((directive) => {
      const name = directive.trim().split(" ", 1)[0] as keyof typeof sources;
      return name in sources ? directive.replace(` 'nonce-${nonce}'`, sources[name]) : directive;
    })
    .join(";");
}

/** The stylesheet last hashed: it is the same in every page, and 50 kB long. */
let lastStyle: { text: string; source: string } | undefined;

/** " 'sha256-…'" for each `<tag nonce=…>` element's text in the page (an external script, with src, needs none). */
function inlineHashes(html: string, tag: "script" | "style"): string {
  const sources = new Set<string>();
  for (const [, attributes, text] of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, "g"))) {
    if (!/\bnonce=/.test(attributes!) || /\bsrc=/.test(attributes!)) continue;
    const source =
      tag === "style" && lastStyle && lastStyle.text === text
        ? lastStyle.source
        : `'sha256-${createHash("sha256").update(text!).digest("base64")}'`;
    if (tag === "style") lastStyle = { text: text!, source };
    sources.add(` ${source}`);
  }
  return [...sources].join("");
}
