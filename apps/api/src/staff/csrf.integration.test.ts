import { readdir } from "node:fs/promises";
import path from "node:path";
import { sampleJpeg } from "@workshop/testing/test-images.ts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir } from "#server/paths.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";
import { startSession } from "./sessions.ts";

// Read by the first config() call, which comes after these lines.
const SHOP = "https://shop.example";
const CONSOLE = "https://admin.shop.example";
/** Same site as the console (a sibling subdomain), another origin: a page there must not write as staff. */
const SIBLING = "https://evil.shop.example";
const MACHINE = "csrf-tests-staff-token-0123456789";
process.env.PUBLIC_URL = SHOP;
process.env.ADMIN_URL = CONSOLE;
process.env.ADMIN_API_TOKEN = MACHINE;

let test: TestApp;
let app: FastifyInstance;
/** Two signed-in browsers of one staff member: each session has its own token. */
let mine: { cookie: string; token: string };
let other: { cookie: string; token: string };
let productId: number;

const product = {
  name: "Kintamani Trilby",
  price: 120.5,
  description: "A trilby of pandan straw.",
  material: "Pandan",
  color: "Natural",
  crownStyle: "Teardrop",
  brimSize: "5 cm",
  isNew: false,
  isFeatured: false,
  inStock: true,
  sizes: [{ sizeInCm: 58 }],
  images: [],
};

beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
  const account = await test.database.db
    .insertInto("staffAccounts")
    .values({ email: "made@workshop.test", name: "Made", role: "owner", passwordHash: "not used here" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const session = async () => {
    const { id, formToken } = await startSession(account.id, { ip: "127.0.0.1", userAgent: "test" });
    return { cookie: `__Host-staff=${id}`, token: formToken };
  };
  [mine, other] = [await session(), await session()];
  // A machine adds the product the browsers then try to change: the staff token needs no CSRF token.
  const created = await app.inject({
    method: "POST",
    url: "/api/products",
    headers: { authorization: `Bearer ${MACHINE}`, "content-type": "application/json" },
    payload: JSON.stringify(product),
  });
  expect(created.statusCode, created.body).toBe(201);
  productId = created.json().id;
});
afterAll(() => test?.close());

const putProduct = (headers: Record<string, string>, price: number) =>
  app.inject({
    method: "PUT",
    url: `/api/products/${productId}`,
    headers: { ...headers, "content-type": "application/json" },
    payload: JSON.stringify({ ...product, price }),
  });
const priceNow = async () => (await app.inject(`/api/products/${productId}`)).json().price as number;

/** POST /api/uploads as the admin's uploader sends it: one photo in the field `files`. */
async function upload(headers: Record<string, string>) {
  const form = new FormData();
  form.append("files", new File([new Uint8Array(await sampleJpeg(200, 150))], "hat.jpg", { type: "image/jpeg" }));
  const encoded = new Response(form);
  return app.inject({
    method: "POST",
    url: "/api/uploads",
    headers: { ...headers, "content-type": encoded.headers.get("content-type")! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

/** Every file the shop has stored (DATA_DIR/files, this test file's own folder). */
async function storedFiles(): Promise<string[]> {
  const files = await readdir(path.join(dataDir(), "files"), { recursive: true }).catch(() => [] as string[]);
  return files.filter((f) => path.extname(f) !== "");
}

const CROSS_SITE = { error: "Cross-site request refused" };
const NO_TOKEN = { error: "Missing or wrong CSRF token: reload the page" };

describe("a staff write made with the session cookie", () => {
  it("is refused (403, nothing changed) from a sibling origin, without the token, or with another session's token", async () => {
    const refusals: [Record<string, string>, object][] = [
      [{ cookie: mine.cookie, origin: SIBLING, "x-csrf-token": mine.token }, CROSS_SITE],
      [{ cookie: mine.cookie, "sec-fetch-site": "same-site", "x-csrf-token": mine.token }, CROSS_SITE],
      [{ cookie: mine.cookie, "x-csrf-token": mine.token }, CROSS_SITE],
      [{ cookie: mine.cookie, origin: CONSOLE }, NO_TOKEN],
      // The shop's pages are no staff pages: the console's cookie reaches the shop's port too.
      [{ cookie: mine.cookie, origin: SHOP, "x-csrf-token": mine.token }, CROSS_SITE],
      [{ cookie: mine.cookie, origin: CONSOLE, "x-csrf-token": other.token }, NO_TOKEN],
      [{ cookie: mine.cookie, origin: CONSOLE, "x-csrf-token": `${mine.token}x` }, NO_TOKEN],
    ];
    for (const [headers, answer] of refusals) {
      const refused = await putProduct(headers, 1.5);
      expect([refused.statusCode, refused.json()], JSON.stringify(headers)).toEqual([403, answer]);
    }
    expect(await priceNow()).toBe(120.5);
  });

  it("goes through from the console (its Origin, or same-origin without one) with the session's token", async () => {
    const fromConsole = await putProduct({ cookie: mine.cookie, origin: CONSOLE, "x-csrf-token": mine.token }, 99.5);
    expect(fromConsole.statusCode, fromConsole.body).toBe(200);
    expect(await priceNow()).toBe(99.5);
    const sameOrigin = await putProduct({ cookie: other.cookie, "sec-fetch-site": "same-origin", "x-csrf-token": other.token }, 101);
    expect(sameOrigin.statusCode, sameOrigin.body).toBe(200);
    expect(await priceNow()).toBe(101);
  });

  it("is a read when it only reads: GET needs no token, but the console's origin", async () => {
    expect((await app.inject({ url: "/api/orders", headers: { cookie: mine.cookie, origin: CONSOLE } })).statusCode).toBe(200);
    for (const origin of [SIBLING, SHOP]) {
      const refused = await app.inject({ url: "/api/orders", headers: { cookie: mine.cookie, origin } });
      expect([refused.statusCode, refused.json()], origin).toEqual([401, { error: "Sign in as staff, or send a valid staff token" }]);
    }
  });
});

describe("a photo upload (multipart) made with the session cookie", () => {
  it("is refused without the token, with another session's, or from a sibling origin, storing nothing", async () => {
    for (const [headers, answer] of [
      [{ cookie: mine.cookie, origin: CONSOLE }, NO_TOKEN],
      [{ cookie: mine.cookie, origin: CONSOLE, "x-csrf-token": other.token }, NO_TOKEN],
      [{ cookie: mine.cookie, origin: SIBLING, "x-csrf-token": mine.token }, CROSS_SITE],
    ] as [Record<string, string>, object][]) {
      const refused = await upload(headers);
      expect([refused.statusCode, refused.json()], JSON.stringify(headers)).toEqual([403, answer]);
    }
    expect(await storedFiles()).toEqual([]);
  });

  it("stores the photo with the session's token from the console, and for a machine without one", async () => {
    const bySession = await upload({ cookie: mine.cookie, origin: CONSOLE, "x-csrf-token": mine.token });
    expect(bySession.statusCode, bySession.body).toBe(200);
    const [stored] = bySession.json() as { pathname: string }[];
    expect(await storedFiles()).toContain(stored!.pathname);
    const byMachine = await upload({ authorization: `Bearer ${MACHINE}` });
    expect(byMachine.statusCode, byMachine.body).toBe(200);
  });
});
