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

/** The last hashed text of each kind: the stylesheet is the same in every page, and 50 kB long. */
const lastHashed = new Map<string, { text: string; source: string }>();

/** " 'sha256-…'" for each `<tag nonce=…>` element's text in the page (an external script, with src, needs none). */
function inlineHashes(html: string, tag: "script" | "style"): string {
  const sources = new Set<string>();
  for (const [, attributes, text] of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, "g"))) {
    if (!/\bnonce=/.test(attributes!) || /\bsrc=/.test(attributes!)) continue;
    const last = lastHashed.get(tag);
    const source = last && last.text === text ? last.source : `'sha256-${createHash("sha256").update(text!).digest("base64")}'`;
    if (tag === "style") lastHashed.set(tag, { text: text!, source });
    sources.add(` ${source}`);
  }
  return [...sources].join("");
}
