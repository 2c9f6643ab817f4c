import { customOrderAnswer, customOrderListAnswer, customQuotesAnswer } from "@workshop/domain/staff-api/custom-orders.ts";
import { customOrderSchema } from "@workshop/domain/validation/custom-order.ts";
import { customRequest } from "@workshop/testing/custom-request.ts";
import { sampleJpeg } from "@workshop/testing/test-images.ts";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSession } from "#server/staff/sessions.ts";
import { useTempStorage } from "#test-support/temp-storage.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";
import { submitCustomOrder } from "./submit.ts";

// Read by the first config() call, which comes after these lines.
const CONSOLE = "https://admin.shop.example";
process.env.ADMIN_URL = CONSOLE;

let test: TestApp;
let app: FastifyInstance;
let cookie: string;
let token: string;
let first: number;
let second: number;

beforeAll(async () => {
  test = await startTestApp();
  app = test.app;
  await useTempStorage("console-custom-orders");
  const account = await test.database.db
    .insertInto("staffAccounts")
    .values({ email: "made@workshop.test", name: "Made", role: "staff", passwordHash: "not used here" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const session = await startSession(account.id, { ip: "127.0.0.1", userAgent: "test" });
  cookie = `staff=${session.id}`;
  token = session.formToken;
  first = await submitCustomOrder(customOrderSchema.parse(customRequest), "en");
  second = await submitCustomOrder(customOrderSchema.parse({ ...customRequest, name: "Ирина", email: "irina@example.com" }), "ru");
});
afterAll(() => test?.close());

type Call = { method?: InjectOptions["method"]; headers?: Record<string, string>; body?: unknown };
const call = (url: string, { method = "GET", headers = { cookie }, body }: Call = {}) =>
  app.inject({
    url,
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
const withToken = () => ({ cookie, origin: CONSOLE, "x-csrf-token": token });
const row = (id: number) => test.database.db.selectFrom("customOrders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const quotesOf = (id: number) => test.database.db.selectFrom("customQuotes").selectAll().where("customOrderId", "=", id).execute();
const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("the console's custom requests API", () => {
  it("is 401 for a stranger on every endpoint", async () => {
    for (const [url, method] of [
      ["/api/admin/custom-orders?status=LOST", "GET"],
      [`/api/admin/custom-orders/${first}`, "GET"],
      [`/api/admin/custom-orders/${first}/status`, "PATCH"],
      [`/api/admin/custom-orders/${first}/notes`, "PUT"],
      [`/api/admin/custom-orders/${first}/messages`, "POST"],
      [`/api/admin/custom-orders/${first}/quotes`, "GET"],
      [`/api/admin/custom-orders/${first}/quotes`, "POST"],
      ["/api/admin/custom-orders/photos/x?expires=1&sig=x", "GET"],
    ] as const) {
      const answer = await call(url, { method, headers: { origin: CONSOLE }, body: method === "GET" ? undefined : {} });
      expect([url, answer.statusCode]).toEqual([url, 401]);
    }
  });

  it("lists newest first, by status and search; an unknown value is a 400 naming it", async () => {
    const all = customOrderListAnswer.strict().parse((await call("/api/admin/custom-orders")).json());
    expect([all.total, all.size, all.rows.map((r) => [r.id, r.status, r.hatType])]).toEqual([
      2,
      10,
      [
        [second, "NEW", "Fedora"],
        [first, "NEW", "Fedora"],
      ],
    ]);
    const found = customOrderListAnswer.parse((await call("/api/admin/custom-orders?q=irina")).json());
    expect(found.rows.map((r) => r.id)).toEqual([second]);
    const byNumber = customOrderListAnswer.parse((await call(`/api/admin/custom-orders?q=%23C${first}`)).json());
    expect(byNumber.rows.map((r) => r.id)).toEqual([first]);
    const none = customOrderListAnswer.parse((await call("/api/admin/custom-orders?status=COMPLETED")).json());
    expect(none.total).toBe(0);
    const bad = await call("/api/admin/custom-orders?status=LOST&size=7");
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details).sort()).toEqual(["size", "status"]);
  });

  it("is 404 for an unknown or malformed id", async () => {
    for (const url of ["/api/admin/custom-orders/999999", "/api/admin/custom-orders/abc", "/api/admin/custom-orders/999999/quotes"])
      expect([url, (await call(url)).statusCode]).toEqual([url, 404]);
    const write = await call("/api/admin/custom-orders/999999/status", {
      method: "PATCH",
      headers: withToken(),
      body: { next: "CONTACTED", expected: "NEW" },
    });
    expect(write.statusCode).toBe(404);
  });

  it("refuses a write without the CSRF token (403) and changes nothing", async () => {
    const before = await row(first);
    for (const [path, method, body] of [
      ["status", "PATCH", { next: "CONTACTED", expected: "NEW" }],
      [
        "notes",
        "PUT",
        {
          notes: "Call her",
          version: customOrderAnswer.parse((await call(`/api/admin/custom-orders/${first}`)).json()).request.notesVersion,
        },
      ],
      ["quotes", "POST", { price: "120", description: "A fedora", productionTime: "3-4 weeks", validUntil: later(10) }],
    ] as const) {
      const answer = await call(`/api/admin/custom-orders/${first}/${path}`, { method, headers: { cookie, origin: CONSOLE }, body });
      expect([path, answer.statusCode]).toEqual([path, 403]);
    }
    const after = await row(first);
    expect([after.status, after.adminNotes]).toEqual([before.status, before.adminNotes]);
    expect(await quotesOf(first)).toEqual([]);
  });

  it("names each wrong field in a 400", async () => {
    const status = await call(`/api/admin/custom-orders/${first}/status`, {
      method: "PATCH",
      headers: withToken(),
      body: { next: "LOST" },
    });
    expect([status.statusCode, Object.keys(status.json().details).sort()]).toEqual([400, ["expected", "next"]]);
    const quote = await call(`/api/admin/custom-orders/${first}/quotes`, {
      method: "POST",
      headers: withToken(),
      body: { price: "0.5", description: "", productionTime: "soon", validUntil: "tomorrow" },
    });
    expect([quote.statusCode, quote.json().details]).toEqual([
      400,
      { price: "price", description: "required", productionTime: "productionTime", validUntil: "validUntil" },
    ]);
    const past = await call(`/api/admin/custom-orders/${first}/quotes`, {
      method: "POST",
      headers: withToken(),
      body: { price: "120", description: "A fedora", productionTime: "3-4 weeks", validUntil: "2020-01-01" },
    });
    expect([past.statusCode, past.json().details]).toEqual([400, { validUntil: "validUntil" }]);
    const mail = await call(`/api/admin/custom-orders/${first}/messages`, { method: "POST", headers: withToken(), body: { text: "" } });
    expect(mail.statusCode).toBe(400);
    expect(Object.keys(mail.json().details)).toContain("text");
    expect(await quotesOf(first)).toEqual([]);
  });

  it("moves the status, saves notes (a stale version is a 409), e-mails once per form, sends a quote", async () => {
    const moved = await call(`/api/admin/custom-orders/${first}/status`, {
      method: "PATCH",
      headers: withToken(),
      body: { next: "CONTACTED", expected: "NEW" },
    });
    expect(customOrderAnswer.parse(moved.json()).request.status).toBe("CONTACTED");
    const stale = await call(`/api/admin/custom-orders/${first}/status`, {
      method: "PATCH",
      headers: withToken(),
      body: { next: "CANCELLED", expected: "NEW" },
    });
    expect(stale.statusCode).toBe(409);

    const { notesVersion } = customOrderAnswer.parse((await call(`/api/admin/custom-orders/${first}`)).json()).request;
    const saved = await call(`/api/admin/custom-orders/${first}/notes`, {
      method: "PUT",
      headers: withToken(),
      body: { notes: "Call her", version: notesVersion },
    });
    expect(saved.json()).toEqual({ changed: true });
    const over = await call(`/api/admin/custom-orders/${first}/notes`, {
      method: "PUT",
      headers: withToken(),
      body: { notes: "Other", version: notesVersion },
    });
    expect([over.statusCode, over.json().details]).toEqual([409, { code: "stale-notes" }]);
    expect((await row(first)).adminNotes).toBe("Call her");

    const mail = { subject: "", text: "Which colour would you like?", nonce: "console-custom-nonce-1" };
    const sent = await call(`/api/admin/custom-orders/${first}/messages`, { method: "POST", headers: withToken(), body: mail });
    const again = await call(`/api/admin/custom-orders/${first}/messages`, { method: "POST", headers: withToken(), body: mail });
    expect([sent.statusCode, again.statusCode, again.json()]).toEqual([201, 200, { queued: false }]);
    const shown = customOrderAnswer.parse((await call(`/api/admin/custom-orders/${first}`)).json());
    expect(shown.mails.filter((m) => m.template === "custom-order-message").map((m) => [m.to, m.subject])).toEqual([
      ["ayu@example.com", `Your custom hat request #C${first}`],
    ]);
    // Its changes, newest first, by who made them: the e-mail, the notes, the status.
    expect(shown.changes.map((c) => c.action)).toEqual(["custom-order-email", "custom-order-notes", "custom-order-status"]);
    expect(shown.changes[2]!.changes).toContain("status: NEW → CONTACTED");
    expect(new Set(shown.changes.map((c) => c.actor)).size).toBe(1);

    const quote = await call(`/api/admin/custom-orders/${first}/quotes`, {
      method: "POST",
      headers: withToken(),
      body: { price: "120.50", description: "A straw fedora", productionTime: "3-4 weeks", validUntil: later(10) },
    });
    expect([quote.statusCode, quote.json()]).toEqual([201, { email: "ayu@example.com" }]);
    const quotes = customQuotesAnswer.parse((await call(`/api/admin/custom-orders/${first}/quotes`)).json());
    expect(quotes.quotes.map((q) => [q.version, q.priceCents, q.depositCents, q.state])).toEqual([[1, 12050, 6025, "open"]]);
    expect(quotes.request.status).toBe("QUOTED");
  });

  it("serves a reference photo to staff through its signed link; a changed signature is 403", async () => {
    const form = new FormData();
    form.append("files", new File([new Uint8Array(await sampleJpeg())], "a.jpg", { type: "image/jpeg" }));
    const multipart = new Response(form);
    const upload = await app.inject({
      method: "POST",
      url: "/api/custom-orders/uploads",
      headers: { "content-type": multipart.headers.get("content-type")! },
      payload: Buffer.from(await multipart.arrayBuffer()),
    });
    const [photo] = upload.json() as { id: string }[];
    const id = await submitCustomOrder(customOrderSchema.parse({ ...customRequest, referenceImages: [photo!.id] }), "en");
    const [link] = customOrderAnswer.parse((await call(`/api/admin/custom-orders/${id}`)).json()).request.photos;
    expect(link).toMatch(/^\/api\/admin\/custom-orders\/photos\/[^?]+\?expires=\d+&sig=/);
    const shown = await call(link!);
    expect([shown.statusCode, shown.headers["content-type"], shown.headers["cross-origin-resource-policy"]]).toEqual([
      200,
      "image/jpeg",
      "same-site",
    ]);
    expect((await call(`${link}x`)).statusCode).toBe(403);
    expect((await call(link!, { headers: {} })).statusCode).toBe(401);
  });
});
