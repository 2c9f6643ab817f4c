import { studioJobsAnswer } from "@workshop/domain/staff-api/ai-studio.ts";
import { productSchema } from "@workshop/domain/validation/product.ts";
import { sampleJpeg } from "@workshop/testing/test-images.ts";
import type { FastifyInstance, InjectOptions } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installEngine } from "#server/ai/engines.ts";
import { createRemoteEngine } from "#server/ai/remote/engine.ts";
import { systemActor } from "#server/audit/actor.ts";
import { createProduct } from "#server/catalog/product-changes.ts";
import { json } from "#server/db/json.ts";
import { uploadPhotos } from "#server/media/uploads.ts";
import { startSession } from "#server/staff/sessions.ts";
import { sampleProduct } from "#test-support/sample-product.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";

// Read by the first config() call, which comes after these lines.
const SHOP = "https://shop.example";
const CONSOLE = "https://admin.shop.example";
const MACHINE = "studio-console-tests-staff-token-0123456789";
process.env.PUBLIC_URL = SHOP;
process.env.ADMIN_URL = CONSOLE;
process.env.ADMIN_API_TOKEN = MACHINE;

let test: TestApp;
let app: FastifyInstance;
type Browser = { cookie: string; token: string; staffId: number };
let made: Browser;
let ketut: Browser;
let productId: number;
let photoKey: string;

async function browserOf(email: string): Promise<Browser> {
  const { id } = await test.database.db
    .insertInto("staffAccounts")
    .values({ email, name: email.split("@")[0]!, role: "staff", passwordHash: "not used here" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: session, formToken } = await startSession(id, { ip: "127.0.0.1", userAgent: "test" });
  return { cookie: `__Host-staff=${session}`, token: formToken, staffId: id };
}

/** A finished job as the worker leaves it: one studio photo (state new). */
async function job(productId: number | null, createdBy: number | null, age = "0 minutes"): Promise<{ jobId: string; resultId: number }> {
  const row = await test.database.db
    .insertInto("aiJobs")
    .values({
      productId,
      status: "COMPLETED",
      prompt: "A hat in a studio",
      options: json({}),
      sources: json([photoKey]),
      engine: "remote",
      summary: "1 view",
      createdBy,
      createdAt: sql`now() - ${age}::interval`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const result = await test.database.db
    .insertInto("aiResults")
    .values({ jobId: row.id, position: 0, storageKey: `${row.id}-studio-side.jpg`, view: "side", sourceIndex: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { jobId: row.id, resultId: result.id };
}

beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
  made = await browserOf("made@workshop.test");
  ketut = await browserOf("ketut@workshop.test");
  const product = await createProduct(productSchema.parse({ ...sampleProduct, sizes: ["57"] }), systemActor);
  productId = product.id;
  const [stored] = await uploadPhotos([{ name: "hat.jpg", body: await sampleJpeg(120, 90) }], systemActor);
  photoKey = stored!.pathname;
});
afterAll(() => test?.close());

/** A call from the console: its origin, the cookie and (unless `token: null`) the CSRF token. */
const call = (
  url: string,
  { as, body, method = "GET", token }: { as?: Browser; body?: unknown; method?: InjectOptions["method"]; token?: string | null } = {},
) =>
  app.inject({
    method,
    url,
    headers: {
      origin: CONSOLE,
      ...(as ? { cookie: as.cookie } : {}),
      ...(as && token !== null ? { "x-csrf-token": token ?? as.token } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });

const jobIdsOf = async (url: string, as: Browser) => {
  const answer = await call(url, { as });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers["cache-control"]).toBe("no-store");
  return studioJobsAnswer.parse(answer.json()).jobs.map((j) => j.jobId);
};

describe("the console's studio jobs (GET /api/admin/studio-jobs)", () => {
  it("is 401 for a stranger and for a machine's token: the list is a person's", async () => {
    for (const url of ["/api/admin/studio-jobs", `/api/admin/studio-jobs?product=${productId}`]) {
      const stranger = await call(url);
      expect([url, stranger.statusCode]).toEqual([url, 401]);
      const machine = await app.inject({ url, headers: { authorization: `Bearer ${MACHINE}` } });
      expect([url, machine.statusCode]).toEqual([url, 401]);
    }
  });

  it("is a 400 naming `product` for an id that is none, and 404 for a product the shop does not have", async () => {
    for (const bad of ["abc", "0", "-3", "1.5", "1e3", "9999999999"]) {
      const refused = await call(`/api/admin/studio-jobs?product=${encodeURIComponent(bad)}`, { as: made });
      expect([bad, refused.statusCode, Object.keys(refused.json().details ?? {})]).toEqual([bad, 400, ["product"]]);
    }
    const unknown = await call("/api/admin/studio-jobs?product=987654", { as: made });
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, "Product not found"]);
  });

  it("lists a product's jobs newest first, with their studio photos", async () => {
    const older = await job(productId, ketut.staffId, "2 hours");
    const newer = await job(productId, made.staffId);
    const elsewhere = await job(null, made.staffId);
    const ids = await jobIdsOf(`/api/admin/studio-jobs?product=${productId}`, ketut);
    expect(ids.indexOf(newer.jobId)).toBeLessThan(ids.indexOf(older.jobId));
    expect(ids).not.toContain(elsewhere.jobId);
    const answer = studioJobsAnswer.parse((await call(`/api/admin/studio-jobs?product=${productId}`, { as: ketut })).json());
    const listed = answer.jobs.find((j) => j.jobId === newer.jobId)!;
    expect([listed.status, listed.results.map((r) => [r.id, r.view, r.state])]).toEqual(["COMPLETED", [[newer.resultId, "side", "new"]]]);
  });

  it("without a product lists this person's jobs of the last day for a product not saved yet, nobody else's", async () => {
    const mine = await job(null, made.staffId);
    const theirs = await job(null, ketut.staffId);
    const old = await job(null, made.staffId, "25 hours");
    const ids = await jobIdsOf("/api/admin/studio-jobs", made);
    expect(ids).toContain(mine.jobId);
    expect(ids).not.toContain(theirs.jobId);
    expect(ids).not.toContain(old.jobId);
    expect(await jobIdsOf("/api/admin/studio-jobs?product=", ketut)).toContain(theirs.jobId);
  });

  it("says what the engine in use makes: the local one a studio photo per reference photo and a close-up, no series, no style hint; a remote model the five views", async () => {
    const engineOf = async () => studioJobsAnswer.parse((await call("/api/admin/studio-jobs", { as: made })).json()).engine;
    expect(await engineOf()).toEqual({ name: "local", views: ["studio", "details"], sequentialMode: false, styleHint: false });
    await installEngine(createRemoteEngine({ url: "http://127.0.0.1:9", apiKey: "ark-test", model: "seedream-4-0-250828" }));
    try {
      expect(await engineOf()).toEqual({
        name: "remote",
        views: ["side", "three-quarter", "top", "flat-lay", "details"],
        sequentialMode: true,
        styleHint: true,
      });
    } finally {
      await installEngine(null);
    }
  });

  it("takes only GET", async () => {
    const refused = await call("/api/admin/studio-jobs", { as: made, method: "POST", body: {} });
    expect([refused.statusCode, refused.headers.allow]).toEqual([405, "GET"]);
  });
});

describe("the panel's writes made with the console's session", () => {
  const jobCount = async () => Number((await sql<{ n: string }>`select count(*) as n from ai_jobs`.execute(test.database.db)).rows[0]!.n);

  it("starting a job is refused (403, nothing queued) without the CSRF token, with another's, or from another origin", async () => {
    const body = { imageUrls: [`/media/1280/${photoKey.replace(/\.[a-z]+$/, "")}.jpg`], productName: "Hat", productId };
    const before = await jobCount();
    for (const [name, options] of [
      ["no token", { token: null }],
      ["another session's token", { token: ketut.token }],
    ] as const) {
      const refused = await call("/api/ai/enhance-product-images", { as: made, method: "POST", body, ...options });
      expect([name, refused.statusCode, refused.json().error]).toEqual([name, 403, "Missing or wrong CSRF token: reload the page"]);
    }
    const crossSite = await app.inject({
      method: "POST",
      url: "/api/ai/enhance-product-images",
      headers: { origin: "https://evil.example", cookie: made.cookie, "x-csrf-token": made.token, "content-type": "application/json" },
      payload: JSON.stringify(body),
    });
    expect([crossSite.statusCode, crossSite.json().error]).toEqual([403, "Cross-site request refused"]);
    expect(await jobCount()).toBe(before);
  });

  it("a studio photo's state is refused (403, unchanged) without the CSRF token, and changed with it", async () => {
    const { resultId } = await job(productId, made.staffId);
    const url = `/api/ai/enhance-product-images/results/${resultId}`;
    const stateOf = async () =>
      (await test.database.db.selectFrom("aiResults").select("state").where("id", "=", resultId).executeTakeFirstOrThrow()).state;
    const refused = await call(url, { as: made, method: "POST", body: { state: "discarded" }, token: null });
    expect([refused.statusCode, refused.json().error]).toEqual([403, "Missing or wrong CSRF token: reload the page"]);
    expect(await stateOf()).toBe("new");
    const done = await call(url, { as: made, method: "POST", body: { state: "discarded" } });
    expect([done.statusCode, done.json()]).toEqual([200, { id: resultId, state: "discarded" }]);
    expect(await stateOf()).toBe("discarded");
  });
});
