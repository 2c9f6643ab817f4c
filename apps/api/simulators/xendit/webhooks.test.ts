import { afterEach, describe, expect, it } from "vitest";
import { startXenditSimulator } from "./index.ts";
import { type Harness, returnUrls, SECRET_KEY, startHarness, startWebhookReceiver } from "./test-helpers.ts";

const poll = { timeout: 15_000 };
let h: Harness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function harness(options: Parameters<typeof startHarness>[0] = {}): Promise<Harness> {
  h = await startHarness(options);
  return h;
}

async function paidRequest(t: Harness, overrides: Record<string, unknown> = {}) {
  const pr = (await t.api.create(overrides)).body;
  const pay = await t.api.control("POST", `/payment_requests/${pr.payment_request_id}/pay`, {});
  expect(pay.status).toBe(200);
  return { pr, payment: pay.body };
}

describe("delivery and retries", () => {
  it("redelivers after a 500 with the same body, and logs each attempt under one delivery id", async () => {
    const t = await harness({ receiverStatus: (n) => (n <= 2 ? 500 : 200), retryDelaysMs: [50, 100, 150] });
    const { pr } = await paidRequest(t);
    await expect.poll(() => t.receiver.accepted().length, poll).toBe(1);
    expect(t.receiver.requests).toHaveLength(3);
    const log = (await t.api.control("GET", "/webhooks")).body.log;
    expect(new Set(log.map((entry: { webhook_id: string }) => entry.webhook_id)).size).toBe(1);
    // Xendit documents x-callback-token as its one header.
    expect(t.receiver.requests.every((r) => r.headers["webhook-id"] === undefined)).toBe(true);
    expect(
      log.map((entry: { attempt: number; status_code: number; delivered: boolean }) => [entry.attempt, entry.status_code, entry.delivered]),
    ).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    expect(log[0]).toMatchObject({ event: "payment.capture", payment_request_id: pr.payment_request_id, retry_in_ms: 50, error: null });
  });

  it("idle() waits for a simulated payment and its webhook, but not for a retry due later", async () => {
    const t = await harness({ receiverStatus: (n) => (n === 1 ? 200 : 500), retryDelaysMs: [60_000] });
    const pr = (await t.api.create()).body;
    await t.api.v3("POST", `/payment_requests/${pr.payment_request_id}/simulate`, {});
    await t.sim.idle();
    expect(t.receiver.requests.map((r) => r.body.event)).toEqual(["payment.capture"]);
    await t.api.control("POST", `/payment_requests/${pr.payment_request_id}/events`, { events: [{ event: "payment.capture" }] });
    await t.sim.idle();
    expect(t.receiver.requests).toHaveLength(2);
    expect((await t.api.control("GET", "/webhooks")).body.pending).toBe(1);
  });

  it("gives up after the last retry delay", async () => {
    const t = await harness({ receiverStatus: () => 503, retryDelaysMs: [20, 40] });
    await paidRequest(t);
    await expect.poll(() => t.sim.deliveries().at(-1)?.retry_in_ms === null && t.sim.deliveries().length === 3, poll).toBe(true);
    expect((await t.api.control("GET", "/webhooks")).body.pending).toBe(0);
    expect(t.receiver.requests).toHaveLength(3);
  });

  it("counts a refused connection as a failed attempt", async () => {
    const closed = await startWebhookReceiver();
    await closed.close(); // its port now refuses connections
    const sim = await startXenditSimulator({ secretKey: SECRET_KEY, callbackUrl: closed.url, retryDelaysMs: [10] });
    try {
      const pr = (await fetchJson(sim.url, "/v3/payment_requests", paymentBody())).payment_request_id as string;
      await fetch(`${sim.url}/_control/payment_requests/${pr}/pay`, { method: "POST" });
      await expect.poll(() => sim.deliveries().length, poll).toBe(2);
      expect(sim.deliveries()[0]).toMatchObject({
        status_code: null,
        delivered: false,
        error: expect.stringContaining("ECONNREFUSED"),
        retry_in_ms: 10,
      });
      expect(sim.deliveries()[1]).toMatchObject({ attempt: 2, retry_in_ms: null });
    } finally {
      await sim.close();
    }
  });

  it("sends nothing without a callbackUrl", async () => {
    const sim = await startXenditSimulator({ secretKey: SECRET_KEY });
    try {
      const pr = (await fetchJson(sim.url, "/v3/payment_requests", paymentBody())).payment_request_id as string;
      const pay = await fetch(`${sim.url}/_control/payment_requests/${pr}/pay`, { method: "POST" });
      expect(pay.status).toBe(200);
      expect(sim.deliveries()).toEqual([]);
    } finally {
      await sim.close();
    }
  });
});

describe("delivery modes", () => {
  it("duplicates: every event arrives that many times, one delivery id in the log", async () => {
    const t = await harness();
    expect((await t.api.control("POST", "/webhooks", { duplicates: 3 })).body).toMatchObject({ duplicates: 3 });
    await paidRequest(t);
    await expect.poll(() => t.receiver.requests.length, poll).toBe(3);
    expect(new Set((await t.api.control("GET", "/webhooks")).body.log.map((entry: { webhook_id: string }) => entry.webhook_id)).size).toBe(
      1,
    );
    expect(new Set(t.receiver.requests.map((r) => r.body.data.payment_id)).size).toBe(1);
  });

  it("reverse: events held together arrive last first", async () => {
    const t = await harness();
    await t.api.control("POST", "/webhooks", { reverse: true, holdMs: 300 });
    const pr = (await t.api.create()).body;
    const events = await t.api.control("POST", `/payment_requests/${pr.payment_request_id}/events`, {
      events: [{ event: "payment.capture" }, { event: "payment.failure" }, { event: "payment_request.expiry" }],
    });
    expect(events.status).toBe(202);
    await expect.poll(() => t.receiver.requests.length, poll).toBe(3);
    expect(t.receiver.requests.map((r) => r.body.event)).toEqual(["payment_request.expiry", "payment.failure", "payment.capture"]);
  });

  it("paused: nothing is sent until unpaused; dropped deliveries are lost", async () => {
    const t = await harness();
    await t.api.control("POST", "/webhooks", { paused: true });
    const lost = await paidRequest(t);
    const alsoLost = await paidRequest(t);
    expect((await t.api.control("GET", "/webhooks")).body.pending).toBe(2);
    expect(t.receiver.requests).toEqual([]);
    expect((await t.api.control("DELETE", "/webhooks/pending")).body).toEqual({ dropped: 2 });

    const later = (await t.api.create()).body;
    await t.api.control("POST", `/payment_requests/${later.payment_request_id}/pay`, {});
    expect((await t.api.control("POST", "/webhooks", { paused: false })).body.paused).toBe(false);
    await expect.poll(() => t.receiver.requests.length, poll).toBe(1);
    expect(t.receiver.requests[0]?.body.data.payment_request_id).toBe(later.payment_request_id);
    const ids = t.receiver.requests.map((r) => r.body.data.payment_request_id);
    expect(ids).not.toContain(lost.pr.payment_request_id);
    expect(ids).not.toContain(alsoLost.pr.payment_request_id);
    // The stored state does not depend on the webhooks.
    expect((await t.api.v3("GET", `/payment_requests/${lost.pr.payment_request_id}`)).body.status).toBe("SUCCEEDED");
  });

  it("paused: what was queued goes out once unpaused", async () => {
    const t = await harness();
    await t.api.control("POST", "/webhooks", { paused: true });
    const { pr } = await paidRequest(t);
    expect(t.sim.webhookSettings().paused).toBe(true);
    await t.api.control("POST", "/webhooks", { paused: false });
    await expect.poll(() => t.receiver.requests.map((r) => r.body.data.payment_request_id), poll).toEqual([pr.payment_request_id]);
  });

  it("refuses settings out of range", async () => {
    const t = await harness();
    expect((await t.api.control("POST", "/webhooks", { duplicates: 0 })).status).toBe(400);
    expect((await t.api.control("POST", "/webhooks", { paused: "yes" })).status).toBe(400);
  });
});

describe("control API: outcomes and chosen events", () => {
  it("pays another amount or currency when asked", async () => {
    const t = await harness();
    const pr = (await t.api.create({ channel_code: "OVO", channel_properties: returnUrls })).body;
    const pay = await t.api.control("POST", `/payment_requests/${pr.payment_request_id}/pay`, { amount: 1_000, currency: "USD" });
    expect(pay.body).toMatchObject({ status: "SUCCEEDED", currency: "USD", request_amount: 1_000, captures: [{ capture_amount: 1_000 }] });
    await expect
      .poll(() => t.receiver.requests.map((r) => [r.body.event, r.body.data.currency, r.body.data.request_amount]), poll)
      .toEqual([["payment.capture", "USD", 1_000]]);
    const again = await t.api.control("POST", `/payment_requests/${pr.payment_request_id}/pay`, {});
    expect(again.status).toBe(400);
    expect(again.body.error_code).toBe("INACTIVE_PAYMENT_REQUEST");
  });

  it("fails a request with a failure code", async () => {
    const t = await harness();
    const pr = (await t.api.create({ channel_code: "QRIS" })).body;
    expect((await t.api.control("POST", `/payment_requests/${pr.payment_request_id}/fail`, { failure_code: "NOT_A_CODE" })).status).toBe(
      400,
    );
    const fail = await t.api.control("POST", `/payment_requests/${pr.payment_request_id}/fail`, { failure_code: "INSUFFICIENT_BALANCE" });
    expect(fail.body).toMatchObject({ status: "FAILED", failure_code: "INSUFFICIENT_BALANCE" });
    expect((await t.api.v3("GET", `/payment_requests/${pr.payment_request_id}`)).body).toMatchObject({
      status: "FAILED",
      failure_code: "INSUFFICIENT_BALANCE",
      latest_payment_id: fail.body.payment_id,
    });
    await expect.poll(() => t.receiver.requests.map((r) => r.body.event), poll).toEqual(["payment.failure"]);
  });

  it("expires a request with one payment_request.expiry webhook", async () => {
    const t = await harness();
    const pr = (await t.api.create({ channel_code: "INDOMARET" })).body;
    const expire = await t.api.control("POST", `/payment_requests/${pr.payment_request_id}/expire`);
    expect(expire.body.status).toBe("EXPIRED");
    await expect.poll(() => t.receiver.requests.length, poll).toBe(1);
    expect(t.receiver.requests[0]?.body).toMatchObject({
      event: "payment_request.expiry",
      data: {
        payment_request_id: pr.payment_request_id,
        reference_id: pr.reference_id,
        status: "EXPIRED",
        request_amount: 150_000,
        currency: "IDR",
        channel_code: "INDOMARET",
        failure_code: "PAYMENT_REQUEST_EXPIRED",
      },
    });
    expect((await t.api.control("POST", `/payment_requests/${pr.payment_request_id}/expire`)).status).toBe(400);
  });

  it("sends chosen events in order without changing the request: failure after success, a replay, overrides", async () => {
    const t = await harness();
    const { pr, payment } = await paidRequest(t);
    await expect.poll(() => t.receiver.requests.length, poll).toBe(1);
    const answer = await t.api.control("POST", `/payment_requests/${pr.payment_request_id}/events`, {
      events: [
        { event: "payment.failure", data: { failure_code: "CARD_DECLINED" } },
        { event: "payment.capture" },
        { event: "payment.capture", data: { request_amount: 1, currency: "USD" } },
      ],
    });
    expect(answer.body).toEqual({ queued: 3 });
    await expect.poll(() => t.receiver.requests.length, poll).toBe(4);
    const [original, failure, replay, mismatched] = t.receiver.requests.map((r) => r.body);
    expect(failure).toMatchObject({
      event: "payment.failure",
      data: { payment_id: payment.payment_id, status: "FAILED", failure_code: "CARD_DECLINED" },
    });
    expect(replay).toMatchObject({ event: "payment.capture", data: original?.data });
    expect(mismatched).toMatchObject({
      event: "payment.capture",
      data: { payment_id: payment.payment_id, request_amount: 1, currency: "USD" },
    });
    expect(new Set((await t.api.control("GET", "/webhooks")).body.log.map((entry: { webhook_id: string }) => entry.webhook_id)).size).toBe(
      4,
    );
    expect((await t.api.v3("GET", `/payment_requests/${pr.payment_request_id}`)).body.status).toBe("SUCCEEDED");
    expect(t.sim.payment(payment.payment_id)?.status).toBe("SUCCEEDED");
    expect(
      (await t.api.control("POST", `/payment_requests/${pr.payment_request_id}/events`, { events: [{ event: "payment.pending" }] })).status,
    ).toBe(400);
  });
});

describe("expiry", () => {
  it("expires a request once its time has passed on the control clock", async () => {
    const t = await harness();
    const pr = (await t.api.create({ channel_code: "OVO", channel_properties: returnUrls })).body;
    expect((await t.api.control("POST", "/clock", { advanceSeconds: 590 })).status).toBe(200);
    expect((await t.api.v3("GET", `/payment_requests/${pr.payment_request_id}`)).body.status).toBe("REQUIRES_ACTION");
    const before = Date.now();
    const clock = await t.api.control("POST", "/clock", { advanceSeconds: 11 });
    expect(Date.parse(clock.body.now) - before).toBeGreaterThan(600_000);
    expect((await t.api.v3("GET", `/payment_requests/${pr.payment_request_id}`)).body).toMatchObject({
      status: "EXPIRED",
      failure_code: "PAYMENT_REQUEST_EXPIRED",
    });
    await expect.poll(() => t.receiver.requests.map((r) => r.body.event), poll).toEqual(["payment_request.expiry"]);
    // The page no longer takes a payment, and no second expiry webhook follows.
    const page = await t.api.submitPayPage(pr.payment_request_id, { outcome: "approve" });
    expect(page.status).toBe(409);
    await t.api.control("POST", "/clock", { advanceSeconds: 3_600 });
    const marker = await paidRequest(t);
    await expect.poll(() => t.receiver.requests.length, poll).toBe(2);
    expect(t.receiver.requests[1]?.body.data.payment_request_id).toBe(marker.pr.payment_request_id);
  });

  it("expires lazily on read and by the sweep when the options' clock moves", async () => {
    let clock = Date.parse("2030-01-01T00:00:00Z");
    const t = await harness({ now: () => clock });
    const read = (await t.api.create({ channel_code: "SHOPEEPAY", channel_properties: returnUrls })).body;
    const swept = (await t.api.create({ channel_code: "LINKAJA", channel_properties: returnUrls })).body;
    expect(read.created).toBe("2030-01-01T00:00:00.000Z");
    clock += 30 * 60_000;
    expect((await t.api.v3("GET", `/payment_requests/${read.payment_request_id}`)).body.status).toBe("EXPIRED");
    await expect.poll(() => t.sim.paymentRequest(swept.payment_request_id)?.status, poll).toBe("EXPIRED");
    await expect.poll(() => t.receiver.requests.length, poll).toBe(2);
  });

  it("refuses a bad clock move", async () => {
    const t = await harness();
    expect((await t.api.control("POST", "/clock", { advanceSeconds: -1 })).status).toBe(400);
  });
});

function paymentBody() {
  return {
    reference_id: "order-1:1",
    type: "PAY",
    country: "ID",
    currency: "IDR",
    request_amount: 20_000,
    channel_code: "BRI_VIRTUAL_ACCOUNT",
  };
}

async function fetchJson(base: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(base + path, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${SECRET_KEY}:`).toString("base64")}`,
      "api-version": "2024-11-11",
      "content-type": "application/json",
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}
