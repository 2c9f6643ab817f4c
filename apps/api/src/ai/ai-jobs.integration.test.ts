import type { EnhanceStatus } from "@workshop/domain/ai-studio.ts";
import { productSchema } from "@workshop/domain/validation/product.ts";
import { type SeedreamSimulator, startSeedreamSimulator } from "@workshop/testing/seedream/index.ts";
import { sampleJpeg } from "@workshop/testing/test-images.ts";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "#server/app.ts";
import { systemActor } from "#server/audit/actor.ts";
import { createProduct } from "#server/catalog/product-changes.ts";
import { config } from "#server/config.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { startJobs, stopJobs } from "#server/jobs/index.ts";
import { storage } from "#server/media/storage.ts";
import { uploadPhotos } from "#server/media/uploads.ts";
import { sampleProduct } from "#test-support/sample-product.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { installEngine } from "./engines.ts";
import { createRemoteEngine } from "./remote/engine.ts";
import { enhancementsFor } from "./requests.ts";
import { ENHANCE_QUEUE, sweepStuckJobs } from "./run-job.ts";

const TOKEN = "ai-jobs-tests-staff-token-0123456789";
process.env.ADMIN_API_TOKEN = TOKEN;
// The tests start more jobs than one client may in ten minutes; the limit itself is tested elsewhere.
process.env.RATE_LIMIT_AI_JOBS = "1000/600";
const KEY = "ark-test-key-0123456789";
const SHOP = config().publicUrl;
/** The real model on a shared 2-core machine: minutes when the machine is busy. */
const LOCAL_TIMEOUT = 480_000;
// A job waits on the job runner's polling and expiries, settle() up to 60 s: each test may take longer than that.
vi.setConfig({ testTimeout: 90_000 });
const staff = { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" };

let database: DatabaseHandle;
let sim: SeedreamSimulator;
const photos: { url: string; pathname: string }[] = [];

const remote = (options: { apiKey?: string; timeoutMs?: number } = {}) =>
  createRemoteEngine({ url: sim.url, apiKey: options.apiKey ?? KEY, model: "seedream-4-0-250828", timeoutMs: options.timeoutMs ?? 20_000 });

const fastRunner = {
  boss: { superviseIntervalSeconds: 1, monitorIntervalSeconds: 1, maintenanceIntervalSeconds: 1, queueCacheIntervalSeconds: 1 },
  overrides: { [ENHANCE_QUEUE]: { work: { pollingIntervalSeconds: 0.5 }, queue: { retryDelay: 0 } } },
};

let app: FastifyInstance;
beforeAll(async () => {
  database = await freshDatabase();
  app = await buildApp({ dev: false, logger: false });
  sim = await startSeedreamSimulator({ apiKey: KEY });
  for (let i = 0; i < 11; i++) {
    const [stored] = await uploadPhotos([{ name: `hat-${i}.jpg`, body: await sampleJpeg(80 + i, 60) }], systemActor);
    photos.push(stored!);
  }
}, 120_000);
afterEach(async () => {
  await stopJobs();
  sim.behave({ kind: "ok" });
});
afterAll(async () => {
  await app?.close();
  await installEngine(null);
  await sim?.close();
  await database?.close();
});

async function post(body: unknown, headers: Record<string, string> = staff) {
  const response = await app.inject({
    method: "POST",
    url: `${SHOP}/api/ai/enhance-product-images`,
    headers,
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

async function status(jobId: string) {
  const response = await app.inject({ url: `${SHOP}/api/ai/enhance-product-images?jobId=${jobId}`, headers: staff });
  return { status: response.statusCode, body: response.json() as EnhanceStatus };
}

const request = (imageUrls: string[], extra: object = {}) => ({
  imageUrls,
  productName: "Panama Classic",
  productDescription: "A hand-woven straw hat with a black band.",
  styleHint: "clean studio lighting, gentle shadows, premium fashion catalog look",
  background: "white",
  size: "1080x1080",
  sequentialMode: true,
  watermark: false,
  ...extra,
});

/** Polls as the panel does until the job ends; the statuses seen on the way. */
async function settle(jobId: string, timeoutMs = 60_000): Promise<{ seen: string[]; last: EnhanceStatus }> {
  const seen: string[] = [];
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await status(jobId);
    if (seen.at(-1) !== body.status) seen.push(body.status);
    if (body.status === "COMPLETED" || body.status === "FAILED") return { seen, last: body };
    if (Date.now() > until) throw new Error(`job still ${body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const jobCount = async () => (await database.db.selectFrom("aiJobs").select(sql<number>`count(*)::int`.as("n")).execute())[0]!.n;

describe("POST /api/ai/enhance-product-images refuses photos that are not the shop's own", () => {
  const own = () => photos[0]!.url;
  const stem = () => photos[0]!.pathname.replace(/\.jpg$/, "");
  const refused = () => [
    ["another host", `https://evil.example/media/1280/${stem()}.jpg`],
    ["the shop's path on another port of loopback", `http://127.0.0.1:9/media/1280/${stem()}.jpg`],
    ["a link-local metadata address", "http://169.254.169.254/latest/meta-data/iam.jpg"],
    ["a private network address", `http://10.0.0.5/media/1280/${stem()}.jpg`],
    ["a protocol-relative foreign host", `//evil.example/media/1280/${stem()}.jpg`],
    ["a redirect in the query", `${own()}?next=https://evil.example/x.jpg`],
    ["a redirect-looking path", `/redirect?url=${encodeURIComponent("https://evil.example/x.jpg")}`],
    ["user info before the host", `http://localhost:3000@evil.example/media/1280/${stem()}.jpg`],
    ["a file: URL", "file:///etc/passwd"],
    ["a data: URL", "data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ=="],
    ["path traversal", "/media/1280/../../../etc/passwd.jpg"],
    ["escaped path traversal", "/media/1280/%2e%2e/%2e%2e/etc/passwd.jpg"],
    ["a key under private/", "/media/1280/private/custom-orders/secret.jpg"],
    ["a size the shop does not make", `/media/1281/${stem()}.jpg`],
    ["a stored variant instead of a photo", `/media/1280/variants/${stem()}/1280.jpg`],
  ];

  it("answers 400 {error} for each, before anything is read or queued", async () => {
    await startJobs({ work: false });
    for (const [why, url] of refused()) {
      const { status, body } = await post(request([own(), url!]));
      expect({ why, status }).toEqual({ why, status: 400 });
      expect(body.error, why).toMatch(/Reference photos must be photos stored by this shop/);
    }
    expect(await jobCount()).toBe(0);
  });

  it("refuses a stored-looking address with no photo behind it, bad input, strangers and other sites", async () => {
    await startJobs({ work: false });
    expect((await post(request(["/media/1280/1700000000000-missing.jpg"]))).body.error).toMatch(/No stored photo/);
    expect((await post(request([]))).body.error).toBe("imageUrls: Add at least one reference photo.");
    expect((await post(request([own()], { size: "4096x4096" }))).status).toBe(400);
    expect((await post(request([own()], { background: "javascript:alert(1)" }))).status).toBe(400);
    expect((await post(request([own()], { extra: 1 }))).status).toBe(400);
    expect((await post(request([own()], { productId: 999_999 }))).body.error).toMatch(/productId/);
    expect((await post(request([`${own()}\u0000`]))).status).toBe(400);
    expect((await post(request([own()]), { "content-type": "application/json" })).status).toBe(401);
    const crossSite = await post(request([own()]), { "content-type": "application/json", cookie: "x=1", origin: "https://evil.example" });
    expect(crossSite.status).toBe(401);
    expect(await jobCount()).toBe(0);
  });

  it("cuts 11 photos to the first 10 and says how many were left out", async () => {
    await startJobs({ work: false });
    const { status, body } = await post(request(photos.map((p) => p.url)));
    expect(status).toBe(202);
    expect(body).toMatchObject({ status: "queued", sourceCount: 10, cutOff: 1 });
    const [row] = await database.db.selectFrom("aiJobs").selectAll().where("id", "=", String(body.jobId)).execute();
    expect(row!.sources).toEqual(photos.slice(0, 10).map((p) => p.pathname));
    await database.db.deleteFrom("aiJobs").execute();
  });
});

describe("a job with the remote engine (the Seedream stand-in on loopback)", () => {
  it("goes queued → PROCESSING → COMPLETED with five studio photos stored like uploads", async () => {
    await installEngine(remote());
    sim.behave({ kind: "slow", ms: 1500 });
    // No worker yet, so the job is seen queued however fast a worker would take it.
    await startJobs({ work: false });
    const sent = await post(request([photos[0]!.url, `/media/640/${photos[1]!.pathname.replace(/\.jpg$/, "")}.webp`]));
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ status: "queued", sourceCount: 2 });
    expect(String(sent.body.prompt)).toContain("Panama Classic");
    expect((await status(String(sent.body.jobId))).body.status).toBe("queued");
    await stopJobs();
    await startJobs(fastRunner);
    const { seen, last } = await settle(String(sent.body.jobId));
    expect(seen).toContain("PROCESSING");
    expect(seen.at(-1)).toBe("COMPLETED");
    expect(last.engine).toBe("remote");
    expect(last.summary).toMatch(/made 5 of 5 views from 2 reference photos/);
    expect(last.progress).toEqual({ done: 5, total: 5 });
    expect(last.resultImages).toHaveLength(5);
    expect(last.results.map((r) => r.view)).toEqual(["side", "three-quarter", "top", "flat-lay", "details"]);
    for (const result of last.results) {
      expect(await storage().exists(result.pathname)).toBe(true);
      expect(await storage().exists(`variants/${result.pathname.replace(/\.[a-z]+$/, "")}/320.avif`)).toBe(true);
      expect(result.url).toBe(`/media/1280/${result.pathname.replace(/\.[a-z]+$/, "")}.jpg`);
    }
    // What the API was sent: both photos inline, one series of five, the size asked for.
    expect(sim.requests.at(-1)).toMatchObject({
      images: 2,
      sequential: true,
      maxImages: 5,
      size: "1080x1080",
      responseFormat: "b64_json",
      watermark: false,
    });

    // A result is added to the product or discarded, and stays listed with that state.
    const id = last.results[0]!.id;
    const mark = (state: string, resultId: number | string = id) =>
      app
        .inject({
          method: "POST",
          url: `${SHOP}/api/ai/enhance-product-images/results/${resultId}`,
          headers: staff,
          payload: JSON.stringify({ state }),
        })
        .then((response) => ({ status: response.statusCode }));
    expect((await mark("added")).status).toBe(200);
    expect((await mark("discarded", last.results[1]!.id)).status).toBe(200);
    expect((await mark("gone")).status).toBe(400);
    expect((await mark("added", 99_999_999)).status).toBe(404);
    const again = await status(String(sent.body.jobId));
    expect(again.body.results.map((r) => r.state)).toEqual(["added", "discarded", "new", "new", "new"]);
  });

  it("asks one view per call without sequential mode", async () => {
    await installEngine(remote());
    await startJobs(fastRunner);
    const before = sim.requests.length;
    const sent = await post(request([photos[2]!.url], { sequentialMode: false, size: "864x1080" }));
    const { last } = await settle(String(sent.body.jobId));
    expect(last.status).toBe("COMPLETED");
    expect(last.results).toHaveLength(5);
    const calls = sim.requests.slice(before);
    expect(calls).toHaveLength(5);
    expect(calls.every((c) => !c.sequential && c.size === "864x1080" && c.images === 1)).toBe(true);
  });

  it.each([
    [
      "a refused key (401)",
      () => remote({ apiKey: "ark-wrong-key-000000" }),
      { kind: "ok" } as const,
      /refused the API key \(401 AuthenticationError\)/,
    ],
    [
      "an error body",
      () => remote(),
      {
        kind: "error",
        status: 400,
        code: "InputImageSensitiveContentDetected",
        message: "The request failed because the input image may contain sensitive information.",
      } as const,
      /refused the request: The request failed because the input image may contain sensitive information\. Request ID: \w+ \(InputImageSensitiveContentDetected\)/,
    ],
    ["a timeout", () => remote({ timeoutMs: 1500 }), { kind: "hang" } as const, /did not answer within 2 s/],
  ])("is FAILED with the reason on %s", async (_why, engine, behaviour, reason) => {
    await installEngine(engine());
    sim.behave(behaviour);
    await startJobs(fastRunner);
    const sent = await post(request([photos[3]!.url]));
    const { last } = await settle(String(sent.body.jobId));
    expect(last.status).toBe("FAILED");
    expect(last.error).toMatch(reason);
    expect(last.resultImages).toEqual([]);
  });

  it(
    "runs on the local engine by default: a studio photo per reference photo and a close-up",
    async () => {
      const { createLocalEngine } = await import("#server/ai/local/engine.ts");
      const { makeScene } = await import("#bench/ai-scenes.ts");
      // One photo with pixels enough for a close-up at full resolution (closeup.ts), framed close
      // around the hat so the model looks once (local/cutout.ts); a studio photo per reference photo
      // is the engine's own test (local/engine.test.ts), each photo costing seconds.
      const hats = [await makeScene(0, 1, "wood", 1560, 1080, 11)];
      const stored = await uploadPhotos(
        hats.map((scene, i) => ({ name: `workshop-${i}.png`, body: scene.photo })),
        systemActor,
      );
      await installEngine(createLocalEngine());
      await startJobs(fastRunner);
      const sent = await post(
        request(
          stored.map((p) => p.url),
          { size: "864x1080" },
        ),
      );
      expect(sent.status).toBe(202);
      const { seen, last } = await settle(String(sent.body.jobId), LOCAL_TIMEOUT);
      expect(seen).toContain("PROCESSING");
      expect([last.status, last.engine, last.error]).toEqual(["COMPLETED", "local", null]);
      expect(last.results.map((r) => [r.view, r.sourceIndex])).toEqual([
        ["studio", 0],
        ["details", 0],
      ]);
      expect(last.progress).toEqual({ done: 2, total: 2 });
      expect(last.summary).toMatch(/^Local engine: 1 studio photo and 1 close-up/);
      for (const result of last.results) expect(await storage().exists(result.pathname)).toBe(true);
    },
    LOCAL_TIMEOUT + 60_000,
  );
});

describe("a job made for a product not saved yet", () => {
  it("is listed for its maker alone, then belongs to the product once it is saved with one of the job's photos", async () => {
    await installEngine(remote());
    await startJobs(fastRunner);
    const sent = await post(request([photos[8]!.url]));
    const { last } = await settle(String(sent.body.jobId));
    expect(last.status).toBe("COMPLETED");
    const jobId = String(sent.body.jobId);
    const listed = async (productId: number | null, staffId: number | null) =>
      (await enhancementsFor(productId, staffId)).map((j) => j.jobId).includes(jobId);
    expect(await listed(null, null)).toBe(true);
    expect(await listed(null, 999)).toBe(false);

    const product = await createProduct(
      productSchema.parse({ ...sampleProduct, sizes: ["57"], images: [{ key: last.results[0]!.pathname }] }),
      systemActor,
    );
    expect(await listed(product.id, null)).toBe(true);
    expect(await listed(product.id + 1, null)).toBe(false);
  });
});

describe("jobs and crashes", () => {
  it("survives a restart: queued while no worker runs, done by the next runner", async () => {
    await installEngine(remote());
    await startJobs({ work: false });
    const sent = await post(request([photos[5]!.url]));
    expect(sent.status).toBe(202);
    await stopJobs();
    expect((await status(String(sent.body.jobId))).body.status).toBe("queued");
    await startJobs(fastRunner);
    const { last } = await settle(String(sent.body.jobId));
    expect(last.status).toBe("COMPLETED");
    expect(last.results).toHaveLength(5);
  });

  /** Makes the job look taken by a worker that then died: PROCESSING here, active in pg-boss since a day (past its 20-minute expiry). */
  async function orphan(jobId: string, retriesLeft: boolean) {
    await sql`update pgboss.job set state = 'active', started_on = now() - interval '1 day',
          retry_count = case when ${retriesLeft} then 0 else retry_limit end where id = ${jobId}`.execute(database.db);
    await database.db
      .updateTable("aiJobs")
      .set({ status: "PROCESSING", attempts: 1, progressDone: 2, progressTotal: 5, updatedAt: sql<Date>`now() - interval '5 minutes'` })
      .where("id", "=", jobId)
      .execute();
  }

  it("hands a job whose worker died out again after its expiry, and it completes", async () => {
    await installEngine(remote());
    await startJobs({ work: false });
    const sent = await post(request([photos[6]!.url]));
    await stopJobs();
    await orphan(String(sent.body.jobId), true);
    await startJobs(fastRunner);
    const { last } = await settle(String(sent.body.jobId));
    expect(last.status).toBe("COMPLETED");
    const [row] = await database.db.selectFrom("aiJobs").selectAll().where("id", "=", String(sent.body.jobId)).execute();
    expect(row!.attempts).toBe(2);
    expect(await database.db.selectFrom("aiResults").selectAll().where("jobId", "=", row!.id).execute()).toHaveLength(5);
  });

  it("fails a job with a reason once its worker died on its last attempt", async () => {
    await installEngine(remote());
    await startJobs({ work: false });
    const sent = await post(request([photos[7]!.url]));
    const jobId = String(sent.body.jobId);
    await stopJobs();
    await orphan(jobId, false);
    // Without the schedules, so that the sweep below is the one that settles the row.
    await startJobs({ ...fastRunner, boss: { ...fastRunner.boss, schedule: false } });
    // pg-boss's supervisor fails the expired job for good; the sweep then settles the row.
    await expect
      .poll(async () => (await sql<{ state: string }>`select state from pgboss.job where id = ${jobId}`.execute(database.db)).rows[0], {
        timeout: 15_000,
      })
      .toEqual({ state: "failed" });
    expect(await sweepStuckJobs()).toBe(1);
    const { body } = await status(jobId);
    expect(body.status).toBe("FAILED");
    expect(body.error).toMatch(/^The job stopped without finishing: its worker was stopped 1 time \(job timed out\)/);
  });
});
