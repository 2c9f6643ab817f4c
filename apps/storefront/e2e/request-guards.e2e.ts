import { createHash } from "node:crypto";
import { get, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { staffSession } from "#e2e/support/admin.ts";
import { apiURL, baseURL } from "./fixtures.ts";
import { newYorkAddress, orderPayload, sampleContact } from "./samples.ts";

const url = (path: string) => baseURL() + path;
const send = (path: string, init: RequestInit) => fetch(url(path), { redirect: "manual", ...init });
const json = (body: string, type = "application/json") => ({ method: "POST", headers: { "Content-Type": type }, body });
const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});
const staff = () => ({ Authorization: `Bearer ${inject("staffToken")}` });
const totalOrders = async () =>
  ((await (await fetch(url("/api/orders?limit=1"), { headers: staff() })).json()) as { pagination: { total: number } }).pagination.total;

const address = newYorkAddress;
const contact = sampleContact;

/** Sends the headers and the first bytes of a body, then waits for whatever the server answers. */
function sendPartly(path: string, headers: string[], firstBytes: string, method = "POST", host?: string, to = baseURL()): Promise<string> {
  const { hostname, port } = new URL(to);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write([`${method} ${path} HTTP/1.1`, `Host: ${host ?? `${hostname}:${port}`}`, ...headers, "", firstBytes].join("\r\n"));
    });
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString();
      if (answer.includes("\r\n\r\n")) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on("error", reject);
    socket.setTimeout(5_000, () => reject(new Error(`no answer; got: ${answer}`)));
  });
}

describe("text the shop cannot store", () => {
  it.each([
    ["a NUL in the name", { fullName: "Emma\u0000Stone" }],
    ["a lone surrogate in the city", { city: "New\ud800York" }],
  ])("POST /api/orders with %s is a 400 with a clear message, and no order", async (_, change) => {
    const before = await totalOrders();
    const payload = { ...(await orderPayload(baseURL())), shippingAddress: { ...address, ...change } };
    const response = await send("/api/orders", json(JSON.stringify(payload)));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/NUL characters or unpaired surrogates/);
    expect(await totalOrders()).toBe(before);
  });

  it("a webhook body with a NUL is a 400, before anything is stored", async () => {
    const body = JSON.stringify({ event: "payment.succeeded", data: { payment_request_id: "pr-\u0000", status: "SUCCEEDED" } });
    const response = await send("/api/xendit/webhook", {
      ...json(body),
      headers: { "Content-Type": "application/json", "x-callback-token": "x" },
    });
    expect(response.status).toBe(400);
  });

  it("the contact form shows the field's message for a NUL (en) and a control character (ru)", async () => {
    const en = await send("/contact", form({ ...contact, message: "Hi\u0000" }));
    expect(en.status).toBe(400);
    expect(await en.text()).toContain("This contains characters that are not allowed");
    const ru = await send("/ru/contact", {
      ...form({ ...contact, name: "Ана\u0007" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: "lang=ru" },
    });
    expect(ru.status).toBe(400);
    expect(await ru.text()).toContain("Здесь есть недопустимые символы");
  });

  it("the address form shows the field's message", async () => {
    const product = (await (await fetch(url("/api/products/1"))).json()) as { sizes: { sizeInCm: number }[] };
    const orderNow = await send("/products/1", form({ size: String(product.sizes[0]!.sizeInCm) }));
    const cookie = orderNow.headers.get("set-cookie")!.split(";")[0]!;
    const response = await send("/checkout/shipping", {
      ...form({ ...address, addressLine1: "Fifth\u0000Avenue" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This contains characters that are not allowed");
  });

  it.each(["/orders/%C3%BC%C3%B1%C3%AE", "/orders/%F0%9F%8E%A9", "/orders/%E0%A4%A", "/orders/%00", `/orders/${"é".repeat(32)}`])(
    "an order token %s is a 404 page",
    async (path) => {
      const response = await send(path, {});
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Order Not Found");
    },
  );

  it.each([
    ["nested 40,000 deep", `{"productId":${"[".repeat(40_000)}${"]".repeat(40_000)}}`],
    ["an array of 45,000 items", `{"productId":[${"0,".repeat(45_000)}0]}`],
  ])("a JSON body %s is a 400, not a crash", async (_, body) => {
    const response = await send("/api/orders", json(body));
    expect(response.status).toBe(400);
  });

  it("a malformed language cookie is ignored, not an error", async () => {
    const response = await send("/", { headers: { Cookie: "lang=%E0%A4%A" } });
    expect(response.status).toBe(200);
  });
});

describe("content types", () => {
  it.each([
    ["text/plain", "/api/orders"],
    ["application/x-www-form-urlencoded", "/api/orders"],
    ["multipart/form-data; boundary=x", "/api/xendit/payment-request"],
    ["text/plain", "/api/xendit/webhook"],
  ])("a JSON endpoint refuses %s (a cross-site simple request) with 415", async (type, path) => {
    const before = await totalOrders();
    const response = await send(path, json(JSON.stringify(await orderPayload(baseURL())), type));
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: "Send the body as JSON (Content-Type: application/json)" });
    expect(await totalOrders()).toBe(before);
  });

  it.each([
    ["/contact", "application/json", JSON.stringify(contact)],
    ["/checkout/shipping", "text/plain", "fullName=Emma"],
    ["/checkout/payment", "image/png", "\u0089PNG"],
    ["/products/1", "nonsense", "size=56"],
    ["/language", "", "lang=ru"],
  ])("a form action %s refuses %j with 415", async (path, type, body) => {
    const response = await send(path, { method: "POST", headers: type ? { "Content-Type": type } : {}, body });
    expect(response.status).toBe(415);
    expect(await response.text()).toMatch(/Send a form/);
  });
});

describe("order tokens in a form action", () => {
  it.each(["/orders/%D0%AF%D0%AF", "/orders/%0D%0AX-Injected:1", "/orders/%E2%80%A8", "/ru/orders/%F0%9F%8E%A9"])(
    "Pay now on an order token %s leads to the order page's 404, not an error",
    async (path) => {
      const response = await send(path, form({}));
      expect(response.status).toBe(302);
      expect(response.headers.get("x-injected")).toBeNull();
      expect(response.headers.get("set-cookie")).toBeNull();
      const page = await send(new URL(response.headers.get("location")!, baseURL()).pathname, {});
      expect(page.status).toBe(404);
    },
  );
});

describe("methods", () => {
  it.each(["/", "/contact", "/api/orders"])("TRACE %s with a body is a 405, not an error", async (path) => {
    const answer = await sendPartly(path, ["Content-Type: application/x-www-form-urlencoded", "Content-Length: 3"], "a=b", "TRACE");
    expect(answer).toMatch(/^HTTP\/1.1 405/);
  });
});

describe("request addresses", () => {
  // The rate limits and body checks read the path as sent; the routes would see it resolved.
  const payForm = "paymentMethod=BCA";
  const host = () => new URL(baseURL()).host;
  it.each([
    ["a dot segment", "/x/../checkout/payment", undefined],
    ["an encoded dot segment", "/x/%2e%2e/checkout/payment", undefined],
    ["a backslash", "/checkout\\payment", undefined],
    ["a path in the Host header", "/x", () => `${host()}/checkout/payment?`],
    ["credentials in the Host header", "/checkout/payment", () => `user@${host()}`],
  ])("a request whose address holds %s is a 400 and places no order", async (_, path, hostHeader) => {
    const sample = await send("/test-checkout", {});
    const cookie = sample.headers.get("set-cookie")!.split(";")[0]!;
    const before = await totalOrders();
    const answer = await sendPartly(
      path,
      ["Content-Type: application/x-www-form-urlencoded", `Content-Length: ${payForm.length}`, `Cookie: ${cookie}`],
      payForm,
      "POST",
      hostHeader?.(),
    );
    expect(answer).toMatch(/^HTTP\/1.1 400/);
    expect(await totalOrders()).toBe(before);
  });

  it("still serves a page asked for with an empty query and an upper-case host", async () => {
    const answer = await sendPartly("/products?", [], "", "GET", host().toUpperCase());
    expect(answer).toMatch(/^HTTP\/1.1 200/);
  });
});

describe("cross-site writes with a staff cookie", () => {
  it("are refused when the Host header names the sending site, as its Origin does", async () => {
    const { cookie, csrfToken } = await staffSession(apiURL());
    const product = JSON.stringify({ name: "Forged hat" });
    // The console's API at the API's own origin; a SPEC staff endpoint through the shop.
    for (const [path, method, type, body, to] of [
      ["/api/admin/session", "DELETE", "application/json", "{}", apiURL()],
      ["/api/products", "POST", "application/json", product, baseURL()],
    ] as const) {
      const answer = await sendPartly(
        path,
        [
          "Origin: http://evil.example",
          `Cookie: ${cookie}`,
          `X-CSRF-Token: ${csrfToken}`,
          `Content-Type: ${type}`,
          `Content-Length: ${body.length}`,
        ],
        body,
        method,
        "evil.example",
        to,
      );
      expect(answer, path).toMatch(/^HTTP\/1.1 403/);
    }
    // The session was not ended by the forged sign-out.
    expect((await fetch(`${apiURL()}/api/admin/session`, { headers: { Cookie: cookie } })).status).toBe(200);
  });
});

describe("body size", () => {
  it("answers 413 to a declared body over 100 kB before it is sent", async () => {
    const answer = await sendPartly("/api/orders", ["Content-Type: application/json", "Content-Length: 10000000"], "{");
    expect(answer).toMatch(/^HTTP\/1.1 413/);
    expect(answer.toLowerCase()).toContain("connection: close");
  });

  it("answers 413 to a chunked body once it passes 100 kB", async () => {
    const chunk = "x".repeat(60 * 1024);
    const chunked = [chunk, chunk].map((c) => `${c.length.toString(16)}\r\n${c}\r\n`).join("");
    const answer = await sendPartly("/contact", ["Content-Type: application/x-www-form-urlencoded", "Transfer-Encoding: chunked"], chunked);
    expect(answer).toMatch(/^HTTP\/1.1 413/);
  });

  it("takes a form of 90 kB", async () => {
    const response = await send("/contact", form({ ...contact, message: "x".repeat(90 * 1024) }));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This is too long");
  });
});

describe("security headers", () => {
  const common = (headers: Headers) => {
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("permissions-policy")).toContain("camera=()");
    expect(headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    // The test shop runs on http: no HSTS (see security-headers.test.ts for https).
    expect(headers.get("strict-transport-security")).toBeNull();
  };

  it.each(["/", "/products/1", "/api/products", "/no-such-page", "/favicon.svg", "/sitemap.xml"])("are on %s", async (path) => {
    common((await send(path, {})).headers);
  });

  it("send each header once, also where a route sets its own (the staff's export, a private link's page)", async () => {
    const exported = await send("/api/products/export?format=csv", { headers: staff() });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("x-content-type-options")).toBe("nosniff");
    const order = await send("/orders/no-such-order-token-0000000000000000", {});
    expect(order.headers.get("referrer-policy")).toBe("same-origin");
    expect(order.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("are on refusals too (415)", async () => {
    common((await send("/api/orders", json("{}", "text/plain"))).headers);
  });

  it("give every inline script and style of a rendered page the response's own nonce, and name them by hash when the page comes from the page cache", async () => {
    const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    const inline = (html: string, tag: string) =>
      [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, "g"))].filter(
        ([, attributes]) => !attributes!.includes("ld+json"),
      );
    // A fresh address, so the first answer is rendered for this request.
    const path = `/products?sort=price-high&page=${1 + Math.floor(Math.random() * 1000)}`;
    const rendered = await send(path, {});
    const policy = rendered.headers.get("content-security-policy")!;
    const nonce = policy.match(/script-src 'self' 'nonce-([^']+)'/)![1]!;
    expect(policy).not.toContain("unsafe-inline");
    const html = await rendered.text();
    const scripts = inline(html, "script");
    expect(scripts.length).toBeGreaterThan(1);
    for (const [tag] of [...scripts, ...inline(html, "style")]) expect(tag).toContain(`nonce="${nonce}"`);

    // Rendered again, the page is kept (a page is kept the second time it is asked for); then it
    // comes from the cache: the same bytes for everyone, so no nonce; each inline script and style
    // is named by its hash, nothing else.
    const second = await (await send(path, {})).text();
    expect(second).not.toBe(html);
    expect(second.replaceAll(/nonce="[^"]+"/g, "")).toBe(html.replaceAll(/nonce="[^"]+"/g, ""));
    const kept = await send(path, {});
    const keptPolicy = kept.headers.get("content-security-policy")!;
    const keptHtml = await kept.text();
    expect(keptHtml).toBe(second);
    expect(keptPolicy).not.toContain("nonce-");
    const directive = (name: string) => keptPolicy.split(";").find((d) => d.startsWith(`${name} `))!;
    expect(directive("script-src").split(" ").slice(1).sort()).toEqual(
      ["'self'", ...new Set(scripts.map(([, , text]) => sha256(text!)))].sort(),
    );
    expect(directive("style-src").split(" ").slice(1).sort()).toEqual(
      ["'self'", ...new Set(inline(html, "style").map(([, , text]) => sha256(text!)))].sort(),
    );
    // Every other header as the page was first sent.
    for (const name of ["x-frame-options", "referrer-policy", "cache-control", "vary", "content-type", "content-encoding"])
      expect(kept.headers.get(name)).toBe(rendered.headers.get(name));
  });

  it("send a kept page compressed as the browser asks (Brotli, gzip or not at all), the same page each way", async () => {
    const path = `/products?sort=newest&page=${1 + Math.floor(Math.random() * 1000)}`;
    for (let i = 0; i < 2; i++) await (await send(path, {})).arrayBuffer();
    const raw = (encoding: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        get(url(path), { headers: { "accept-encoding": encoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        }).on("error", reject);
      });
    const [plain, brotli, gzip] = [await raw("identity"), await raw("gzip, deflate, br"), await raw("gzip;q=1, br;q=0")];
    for (const answer of [plain, brotli, gzip]) {
      expect(answer.headers["content-security-policy"]).toContain("'sha256-");
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(answer.headers.vary).toContain("accept-encoding");
    }
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toMatch(/^<!DOCTYPE html>.*<\/html>$/s);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.body)).toEqual(plain.body);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body)).toEqual(plain.body);
  });
});
