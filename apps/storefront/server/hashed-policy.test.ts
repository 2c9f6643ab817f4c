import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashedPolicy } from "./hashed-policy.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const policy = "default-src 'self';script-src 'self' 'nonce-abc';script-src-attr 'none';style-src 'self' 'nonce-abc';img-src 'self'";

describe("a kept page's policy", () => {
  it("names each inline script and style that carried the nonce by its hash, and nothing else", () => {
    const page = Buffer.from(
      `<html><head><style nonce="abc">body{color:red}</style><script type="application/ld+json">{"a":1}</script></head>` +
        `<body><script nonce="abc">window.a=1</script><script nonce="abc" type="module" async="">import "/x.js";</script>` +
        `<script nonce="abc" src="/y.js"></script><script>window.injected=1</script><script nonce="abc">window.a=1</script></body></html>`,
    );
    expect(hashedPolicy(policy, "abc", page)).toBe(
      `default-src 'self';script-src 'self' ${sha("window.a=1")} ${sha('import "/x.js";')};script-src-attr 'none';style-src 'self' ${sha("body{color:red}")};img-src 'self'`,
    );
  });

  it("drops the nonce where the page has no inline script or style", () => {
    expect(hashedPolicy(policy, "abc", Buffer.from("<html><body><p>Hi</p></body></html>"))).toBe(
      "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self';img-src 'self'",
    );
  });
});
