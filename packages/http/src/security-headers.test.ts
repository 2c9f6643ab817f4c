import Fastify, { type FastifyInstance, type onRequestHookHandler } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { apiSecurityHeaders, sandboxSecurityHeaders, securityHeaders } from "./security-headers.ts";

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

/** A server with the hook and one route answering the response's nonce, on a free port. */
async function serve(hook: onRequestHookHandler): Promise<string> {
  app = Fastify();
  app.decorateRequest("cspNonce", "");
  app.addHook("onRequest", hook);
  app.get("/*", (request) => request.cspNonce);
  return app.listen({ port: 0, host: "127.0.0.1" });
}

async function headersOf(hook: onRequestHookHandler, path = "/"): Promise<Headers> {
  return (await fetch(`${await serve(hook)}${path}`)).headers;
}

const csp = (headers: Headers) =>
  Object.fromEntries(
    headers
      .get("content-security-policy")!
      .split(";")
      .map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]),
  );

describe("security headers", () => {
  it("HSTS only when the shop is served over https, with upgrade-insecure-requests", async () => {
    const secure = await headersOf(securityHeaders({ dev: false, https: true }));
    expect(secure.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(csp(secure)).toHaveProperty("upgrade-insecure-requests");
    const plain = await headersOf(securityHeaders({ dev: false, https: false }));
    expect(plain.get("strict-transport-security")).toBeNull();
    expect(csp(plain)).not.toHaveProperty("upgrade-insecure-requests");
  });

  it("production scripts and style elements need the nonce; no style attributes, no framing", async () => {
    const policy = csp(await headersOf(securityHeaders({ dev: false, https: false })));
    expect(policy["script-src"]).toMatch(/^'self' 'nonce-[A-Za-z0-9+/]{22}=='$/);
    // The same nonce: the page's stylesheet is inline, and a nonce source rules out 'unsafe-inline'.
    expect(policy["style-src"]).toBe(policy["script-src"]);
    expect(policy["frame-ancestors"]).toBe("'none'");
    expect(policy["object-src"]).toBe("'none'");
  });

  it("gives every response its own nonce, also past the pool's refill", async () => {
    const url = `${await serve(securityHeaders({ dev: false, https: false }))}/`;
    const nonces: string[] = [];
    for (let i = 0; i < 600; i++) nonces.push(await (await fetch(url)).text());
    expect(new Set(nonces).size).toBe(600);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    // The policy names the nonce the page was given.
    const response = await fetch(url);
    expect(response.headers.get("content-security-policy")).toContain(`'nonce-${await response.text()}'`);
  });

  it("development allows Vite's injected scripts, styles and its WebSocket", async () => {
    const policy = csp(await headersOf(securityHeaders({ dev: true, https: false })));
    expect(policy["script-src"]).toContain("'unsafe-inline'");
    expect(policy["style-src"]).toContain("'unsafe-inline'");
    expect(policy["connect-src"]).toContain("ws:");
  });

  it("the sandbox's pay pages may keep their inline stylesheet, and nothing else changes", async () => {
    const policy = csp(await headersOf(sandboxSecurityHeaders({ dev: false, https: false })));
    expect(policy["style-src"]).toBe("'self' 'unsafe-inline'");
    expect(policy["script-src"]).not.toContain("unsafe-inline");
  });

  it("photos may be shown by other sites; pages may not be read by them", async () => {
    expect((await headersOf(securityHeaders({ dev: false, https: false }), "/media/640/a.jpg")).get("cross-origin-resource-policy")).toBe(
      "cross-origin",
    );
    expect((await headersOf(securityHeaders({ dev: false, https: false }), "/orders/x")).get("cross-origin-resource-policy")).toBe(
      "same-origin",
    );
  });

  it("the API's answers allow nothing to run or frame them, and HSTS only over https", async () => {
    const plain = await headersOf(apiSecurityHeaders({ https: false }), "/api/products/1");
    expect(csp(plain)).toEqual({ "default-src": "'none'", "frame-ancestors": "'none'", "base-uri": "'none'", "form-action": "'none'" });
    expect([plain.get("x-content-type-options"), plain.get("x-frame-options"), plain.get("cross-origin-resource-policy")]).toEqual([
      "nosniff",
      "DENY",
      "same-origin",
    ]);
    expect(plain.get("permissions-policy")).toContain("camera=()");
    expect(plain.get("strict-transport-security")).toBeNull();
    const secure = await headersOf(apiSecurityHeaders({ https: true }), "/media/640/a.jpg");
    expect(secure.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(secure.get("cross-origin-resource-policy")).toBe("cross-origin");
  });
});
