import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { baseURL } from "./fixtures.ts";

const get = (path: string, init?: RequestInit) => fetch(baseURL() + path, { redirect: "manual", ...init });

describe("answers to odd requests", () => {
  it.each([
    "/products?size=abc",
    "/products?page=-3",
    "/products?page=9999",
    "/products?sort=anything",
    `/products?size=${"x".repeat(10_000)}`,
    `/products?sort=${"%F0".repeat(3000)}`,
  ])("%s is a normal product list page", async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Our Collection");
  });

  it.each(["/products/abc", "/products/0", "/products/-1", "/products/99999999999999", `/products/${"9".repeat(10_000)}`])(
    "%s is a 404 page",
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Product Not Found");
    },
  );

  it("redirects /custom-order permanently to /custom", async () => {
    const response = await get("/custom-order");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/custom");
  });

  it("refuses an Order Now without a valid size, and changes nothing", async () => {
    const response = await get("/products/1", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "size=99",
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("keeps a contact message with bad fields out, with the messages next to the fields", async () => {
    const response = await get("/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "", email: "nope", subject: "x".repeat(10_000), message: "Hello" }).toString(),
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("This field is required");
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain("This is too long");
  });
});

describe("health", () => {
  it("says the storefront answers and which release it runs, never from a cache", async () => {
    const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    const response = await get("/healthz");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", app: "@workshop/storefront", version });
  });

  it("says it is ready for visitors, never from a cache", async () => {
    const response = await get("/readyz");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ready" });
  });
});

describe("JSON API", () => {
  it("lists products with the SPEC's fields", async () => {
    const response = await get("/api/products");
    expect(response.status).toBe(200);
    const products = (await response.json()) as Record<string, unknown>[];
    expect(products.length).toBeGreaterThanOrEqual(20);
    const first = products[0]!;
    expect(Object.keys(first).sort()).toEqual(
      [
        "brimSize",
        "color",
        "crownStyle",
        "description",
        "id",
        "images",
        "inStock",
        "isFeatured",
        "isNew",
        "material",
        "name",
        "price",
        "sizes",
      ].sort(),
    );
    expect(typeof first.price).toBe("number");
    expect((first.sizes as { sizeInCm: number }[])[0]).toEqual({ sizeInCm: expect.any(Number) });
  });

  it("pages products 100 at most at a time, with Link next and prev, ETag and 304, and refuses bad paging", async () => {
    const all = (await (await get("/api/products")).json()) as { id: number }[];
    const whole = await get("/api/products");
    // A catalogue of at most 100 products is one answer, as the SPEC's array always was.
    expect(whole.headers.get("link")).toBeNull();
    expect(whole.headers.get("x-total-count")).toBe(String(all.length));

    const first = await get("/api/products?limit=10");
    expect(((await first.json()) as { id: number }[]).map((p) => p.id)).toEqual(all.slice(0, 10).map((p) => p.id));
    expect(first.headers.get("link")).toMatch(/<[^>]*\/api\/products\?page=2&limit=10>; rel="next"/);
    const last = Math.ceil(all.length / 10);
    const end = await get(`/api/products?page=${last}&limit=10`);
    expect(((await end.json()) as { id: number }[]).map((p) => p.id)).toEqual(all.slice((last - 1) * 10).map((p) => p.id));
    expect(end.headers.get("link")).toMatch(new RegExp(`page=${last - 1}&limit=10>; rel="prev"$`));
    expect(await (await get(`/api/products?page=${last + 5}&limit=10`)).json()).toEqual([]);

    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${baseURL()}/api/products?limit=10`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const other = await fetch(`${baseURL()}/api/products?limit=10&page=2`, { headers: { "If-None-Match": etag } });
    expect(other.status).toBe(200);

    for (const bad of ["limit=101", "limit=0", "page=0", "page=abc", "page=-1", "limit=1e2", "page=%00"]) {
      const refused = await get(`/api/products?${bad}`);
      expect(refused.status, bad).toBe(400);
      expect(((await refused.json()) as { error: string }).error, bad).toMatch(/must be a whole number from 1 to/);
    }
  });

  it("gives one product, and a JSON 404 for a missing one", async () => {
    const one = await get("/api/products/2");
    expect(one.status).toBe(200);
    expect(((await one.json()) as { id: number }).id).toBe(2);
    const missing = await get("/api/products/99999");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Product not found" });
    expect((await get("/api/products/abc")).status).toBe(404);
  });

  it("answers the social feed with 4 placeholder posts when no token is set", async () => {
    const response = await get("/api/instagram?username=rumahtopi.bali&count=4");
    expect(response.status).toBe(200);
    const posts = (await response.json()) as { media_url: string }[];
    expect(posts).toHaveLength(4);
    expect(posts[0]!.media_url).toBe("/images/instagram/1.jpg");
    expect((await get(posts[0]!.media_url)).status).toBe(200);
  });
});

describe("images and search engines", () => {
  it("serves a product photo as AVIF, WebP and JPEG in several widths", async () => {
    for (const [format, type] of [
      ["avif", "image/avif"],
      ["webp", "image/webp"],
      ["jpg", "image/jpeg"],
    ] as const) {
      const response = await get(`/media/480/products/hat-01-1.${format}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(type);
      expect(response.headers.get("cache-control")).toContain("immutable");
    }
    expect((await get("/media/481/products/hat-01-1.webp")).status).toBe(404);
    expect((await get("/media/480/products/nope.webp")).status).toBe(404);
    // A climb out of /media is refused where the shop's domain forwards it to the API (400), never served.
    expect((await get("/media/480/..%2F..%2Fetc/passwd.webp")).status).toBe(400);
  });

  it("has a sitemap index whose files hold every page and product, and robots.txt pointing to it", async () => {
    const index = await (await get("/sitemap.xml")).text();
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(files).toEqual(["/sitemaps/pages.xml", "/sitemaps/products-1.xml"]);
    expect(index).toMatch(/products-1\.xml<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    const sitemap = (await Promise.all(files.map(async (f) => (await get(f)).text()))).join("\n");
    for (const path of ["/products", "/custom", "/about", "/contact", "/showroom", "/shipping", "/faq", "/products/1", "/products/24"]) {
      expect(sitemap).toContain(`${path}</loc>`);
    }
    expect(sitemap).toMatch(/\/products\/24<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    for (const missing of ["/sitemaps/products-2.xml", "/sitemaps/products-0.xml", "/sitemaps/other.xml", "/sitemaps/products-1.xml%00"]) {
      expect((await get(missing)).status, missing).toBe(404);
    }
    const robots = await (await get("/robots.txt")).text();
    expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
  });

  it("gives each product page a title, description, canonical URL, Open Graph and Product JSON-LD", async () => {
    const html = await (await get("/products/1")).text();
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/products\/1"/);
    expect(html).toContain('property="og:title"');
    expect(html).toContain('property="og:image"');
    const ld = html.match(/<script type="application\/ld\+json">(.+?)<\/script>/)?.[1];
    const product = JSON.parse(ld ?? "{}") as { "@type": string; offers: { priceCurrency: string } };
    expect(product["@type"]).toBe("Product");
    expect(product.offers.priceCurrency).toBe("USD");
  });

  it("does not lazy-load the first photo of a product page, and gives every photo its size", async () => {
    const html = await (await get("/products/1")).text();
    const images = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(images[0]).toContain('loading="eager"');
    for (const img of images.filter((i) => i.includes("/media/"))) {
      expect(img).toMatch(/width="\d+"/);
      expect(img).toMatch(/height="\d+"/);
      expect(img).toMatch(/srcset="[^"]+ 320w/i);
    }
  });
});

describe("payment logos", () => {
  it("are served as cacheable SVG files, the generic bank for an unknown code", async () => {
    const bca = await get("/payment-logos/BCA.svg");
    expect(bca.status).toBe(200);
    expect(bca.headers.get("content-type")).toContain("image/svg+xml");
    expect(await bca.text()).toContain('aria-label="BCA"');
    expect(await (await get("/payment-logos/NOSUCHBANK.svg")).text()).toContain('data-logo="generic"');
    expect((await get("/payment-logos/..%2Fsecret")).status).toBe(404);
  });
});
