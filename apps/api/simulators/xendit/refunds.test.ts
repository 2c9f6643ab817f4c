import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startXenditSimulator } from "./index.ts";
import { apiClient, type Harness, returnUrls, SECRET_KEY, startHarness } from "./test-helpers.ts";

const auth = { authorization: `Basic ${Buffer.from(`${SECRET_KEY}:`).toString("base64")}` };

describe("refunds and their control API", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.api.control("POST", "/reset");
    h.receiver.requests.length = 0;
  });

  async function paidRequest(request_amount = 75_000): Promise<string> {
    const id = (await h.api.create({ channel_code: "DANA", request_amount, channel_properties: returnUrls })).body.payment_request_id;
    await h.api.control("POST", `/payment_requests/${id}/pay`);
    return id;
  }
  const refund = (paymentRequestId: string, extra: Record<string, unknown> = {}) =>
    h.api.call("POST", "/refunds", { payment_request_id: paymentRequestId, reason: "DUPLICATE", ...extra }, auth);
  const refundEvents = () => h.receiver.requests.filter((r) => r.body.event.startsWith("refund.")).map((r) => r.body);

  it("fails new refunds with the chosen code and sends refund.failed", async () => {
    const id = await paidRequest();
    expect((await h.api.control("POST", "/refunds/outcome", { status: "FAILED", failure_code: "INSUFFICIENT_BALANCE" })).status).toBe(200);
    const created = (await refund(id)).body;
    expect(created.status).toBe("PENDING");
    await expect.poll(() => refundEvents().length).toBe(1);
    expect(refundEvents()[0]).toMatchObject({
      event: "refund.failed",
      data: { id: created.id, status: "FAILED", failure_code: "INSUFFICIENT_BALANCE", amount: 75_000 },
    });
    // A failed refund leaves the money to refund: a new one is taken.
    await h.api.control("POST", "/refunds/outcome", { status: "SUCCEEDED" });
    expect((await refund(id)).status).toBe(200);
    await expect.poll(() => refundEvents().map((e) => e.event)).toEqual(["refund.failed", "refund.succeeded"]);
    expect((await refund(id)).body.error_code).toBe("REFUND_AMOUNT_EXCEEDED");
  });

  it("keeps refunds pending until the control API settles them, once", async () => {
    const id = await paidRequest();
    await h.api.control("POST", "/refunds/outcome", { status: "PENDING" });
    const created = (await refund(id)).body;
    await h.sim.idle();
    expect(refundEvents()).toHaveLength(0);
    expect((await h.api.control("POST", `/refunds/${created.id}/succeed`)).body.status).toBe("SUCCEEDED");
    await expect.poll(() => refundEvents().map((e) => e.event)).toEqual(["refund.succeeded"]);
    const again = await h.api.control("POST", `/refunds/${created.id}/fail`, { failure_code: "REFUND_FAILED" });
    expect([again.status, again.body.error_code]).toEqual([400, "API_VALIDATION_ERROR"]);
    expect((await h.api.call("GET", `/refunds/${created.id}`, undefined, auth)).body.status).toBe("SUCCEEDED");
    expect((await h.api.control("GET", "/refunds")).body.refunds).toHaveLength(1);
  });

  it("lists a payment request's refunds, newest first, so a refund whose answer was lost is found by its reference", async () => {
    const id = await paidRequest();
    const other = await paidRequest();
    const first = (await refund(id, { amount: 1_000, reference_id: "ours-1" })).body;
    await h.sim.idle();
    const second = (await refund(id, { amount: 2_000, reference_id: "ours-2" })).body;
    await refund(other, { amount: 500 });
    await h.sim.idle();
    const listed = await h.api.call("GET", `/refunds?payment_request_id=${id}`, undefined, auth);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ has_more: false, data: [{ id: second.id, reference_id: "ours-2" }, { id: first.id }] });
    expect(listed.body.data).toHaveLength(2);
    expect((await h.api.call("GET", "/refunds?payment_request_id=pr-none", undefined, auth)).body).toEqual({ data: [], has_more: false });
    expect((await h.api.call("GET", `/refunds?payment_request_id=${id}`)).status).toBe(401);
  });

  it("refuses an unknown outcome or failure code", async () => {
    expect((await h.api.control("POST", "/refunds/outcome", { status: "MAYBE" })).status).toBe(400);
    expect((await h.api.control("POST", "/refunds/outcome", { status: "FAILED", failure_code: "NOPE" })).status).toBe(400);
    const id = await paidRequest();
    await h.api.control("POST", "/refunds/outcome", { status: "PENDING" });
    const created = (await refund(id)).body;
    expect((await h.api.control("POST", `/refunds/${created.id}/fail`, { failure_code: "CARD_DECLINED" })).status).toBe(400);
    expect((await h.api.control("POST", "/refunds/rfd-nothing/succeed")).status).toBe(404);
    // reset brings the default back: refunds succeed.
    await h.api.control("POST", "/reset");
    expect((await h.api.control("GET", "/refunds")).body).toEqual({
      outcome: { status: "SUCCEEDED", failureCode: "REFUND_FAILED" },
      refunds: [],
    });
  });
});

describe("the state file", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "xendit-sim-refunds-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("keeps refunds and their idempotency keys across a restart", async () => {
    const stateFile = path.join(dir, "xendit.json");
    const first = await startXenditSimulator({ secretKey: SECRET_KEY, stateFile, simulateDelayMs: 5 });
    const api = apiClient(first.url);
    const id = (await api.create({ channel_code: "SHOPEEPAY", channel_properties: returnUrls })).body.payment_request_id;
    await api.control("POST", `/payment_requests/${id}/pay`);
    const body = { payment_request_id: id, reason: "DUPLICATE", amount: 1_000 };
    const created = (await api.call("POST", "/refunds", body, { ...auth, "idempotency-key": "kept" })).body;
    await first.idle();
    await first.close();

    const second = await startXenditSimulator({ secretKey: SECRET_KEY, stateFile });
    try {
      const api2 = apiClient(second.url);
      expect((await api2.call("GET", `/refunds/${created.id}`, undefined, auth)).body).toMatchObject({
        status: "SUCCEEDED",
        amount: 1_000,
      });
      expect((await api2.call("POST", "/refunds", body, { ...auth, "idempotency-key": "kept" })).body.error_code).toBe("DUPLICATE_ERROR");
    } finally {
      await second.close();
    }
  });
});
