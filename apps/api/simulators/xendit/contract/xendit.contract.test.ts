/**
 * Contract: Xendit's own published examples (fixtures/, see fixtures/SOURCES.md) run against the
 * three places that must agree with Xendit — the simulator, the shop's webhook reading and the
 * shop's client. A change that drifts from the documented API fails here, whichever side drifts.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateOfEvent } from "#server/payments/webhooks.ts";
import { XenditError, xenditClient } from "#server/payments/xendit/client.ts";
import { CALLBACK_TOKEN, type Harness, SECRET_KEY, startHarness } from "#simulators/xendit/test-helpers.ts";

// biome-ignore lint/suspicious/noExplicitAny: fixtures are documented JSON, read field by field in the assertions
type Json = Record<string, any>;
const fixture = (name: string): Json => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8")) as Json;

const createRequest = fixture("create-session.request.json");
const createRequestIdr = fixture("create-session-idr.request.json");
const sessionResponse = fixture("session.response.json");
const completed = fixture("payment_session.completed.webhook.json");
const expired = fixture("payment_session.expired.webhook.json");
const capture = fixture("payment.capture.webhook.json");
const authorization = fixture("payment.authorization.webhook.json");
const errors = fixture("errors.json");

/** Every field Xendit's reference lists for the session object (response and webhook data). */
const documentedSessionFields = [
  ...Object.keys(sessionResponse),
  ...Object.keys(completed.data),
  "capture_method",
  "payment_id",
  "notification_channels",
  "subscription",
  "components_sdk_key",
  "components_configuration",
];

const keys = (value: Json) => Object.keys(value).sort();

describe("the simulator answers as Xendit documents", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const sessions = (method: string, path: string, body?: unknown, key = SECRET_KEY) =>
    h.api.call(method, `/sessions${path}`, body, { authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` });

  it("creates a session from the documented IDR request, in the documented response shape", async () => {
    const answer = await sessions("POST", "", createRequestIdr);
    expect(answer.status).toBe(201);
    const session = answer.body as Json;
    for (const field of Object.keys(sessionResponse)) expect(session, field).toHaveProperty(field);
    for (const field of Object.keys(session)) expect(documentedSessionFields, field).toContain(field);
    expect(session.payment_session_id).toMatch(/^ps-[0-9a-f]{24}$/);
    expect(session.payment_session_id).toHaveLength(sessionResponse.payment_session_id.length);
    expect(session).toMatchObject({
      reference_id: createRequestIdr.reference_id,
      session_type: "PAY",
      mode: "PAYMENT_LINK",
      amount: createRequestIdr.amount,
      currency: "IDR",
      country: "ID",
      status: "ACTIVE",
      success_return_url: createRequestIdr.success_return_url,
      cancel_return_url: createRequestIdr.cancel_return_url,
      payment_request_id: null,
      payment_token_id: null,
    });
    // "By default the Session will expire 30 minutes after creation."
    expect(Date.parse(session.expires_at) - Date.parse(session.created)).toBe(30 * 60_000);
    expect((await sessions("GET", `/${session.payment_session_id}`)).body).toEqual(session);
  });

  it("refuses what it does not simulate with Xendit's own codes (the PHP example: INVALID_CURRENCY)", async () => {
    const answer = await sessions("POST", "", createRequest);
    expect(answer.status).toBe(400);
    expect(answer.body.error_code).toBe("INVALID_CURRENCY");
  });

  it("answers the documented errors with their codes and messages", async () => {
    const cases: Array<[keyof typeof errors, Json]> = [
      ["apiValidationError", { ...createRequestIdr, session_type: undefined }],
      ["invalidAmount", { ...createRequestIdr, amount: 0 }],
      ["invalidPaymentChannel", { ...createRequestIdr, allowed_payment_channels: ["INVALID_CHANNEL"] }],
      ["invalidUrl", { ...createRequestIdr, success_return_url: "http://yourcompany.com/order/complete" }],
      ["invalidExpiryDate", { ...createRequestIdr, expires_at: new Date(Date.now() + 5 * 60_000).toISOString() }],
    ];
    for (const [name, body] of cases) {
      const answer = await sessions("POST", "", JSON.parse(JSON.stringify(body)));
      expect(answer.status, name).toBe(errors[name].status);
      expect(answer.body.error_code, name).toBe(errors[name].body.error_code);
      expect(answer.body.message, name).toBe(errors[name].body.message);
    }
    const wrongKey = await sessions("POST", "", createRequestIdr, "xnd_development_not_ours");
    expect([wrongKey.status, wrongKey.body.error_code]).toEqual([errors.invalidApiKey.status, errors.invalidApiKey.body.error_code]);
    const missing = await sessions("GET", "/ps-000000000000000000000000");
    expect([missing.status, missing.body.error_code]).toEqual([errors.dataNotFound.status, errors.dataNotFound.body.error_code]);
    const unknownCustomer = await sessions("POST", "", {
      ...createRequestIdr,
      customer: undefined,
      customer_id: "cust-e2878b4c-d57e-4a2c-922d-c0313c2800a3",
    });
    expect([unknownCustomer.status, unknownCustomer.body.error_code]).toEqual([404, "DATA_NOT_FOUND"]);
  });

  it("sends the documented session and payment webhooks, with only the documented header", async () => {
    const session = (await sessions("POST", "", { ...createRequestIdr, reference_id: "order_contract_paid" })).body as Json;
    const paid = await fetch(session.payment_link_url, {
      method: "POST",
      body: new URLSearchParams({
        outcome: "approve",
        card_number: "4000000000001091",
        expiry: "12/39",
        cvn: "123",
        cardholder_name: "John Doe",
      }),
      redirect: "manual",
    });
    expect([paid.status, paid.headers.get("location")]).toEqual([303, createRequestIdr.success_return_url]);
    await expect.poll(() => h.receiver.requests.filter((r) => r.body.data.reference_id === "order_contract_paid").length).toBe(2);
    const [captured, done] = h.receiver.requests.filter((r) => r.body.data.reference_id === "order_contract_paid");

    expect(captured!.body.event).toBe("payment.capture");
    expect(keys(captured!.body)).toEqual(keys(capture));
    for (const field of [
      "payment_id",
      "business_id",
      "status",
      "payment_request_id",
      "request_amount",
      "channel_code",
      "country",
      "currency",
      "reference_id",
      "channel_properties",
      "created",
      "updated",
    ]) {
      expect(captured!.body.data, field).toHaveProperty(field);
    }
    expect(captured!.body.data).toMatchObject({
      status: "SUCCEEDED",
      request_amount: createRequestIdr.amount,
      currency: "IDR",
      channel_code: "CARDS",
    });

    expect(done!.body.event).toBe("payment_session.completed");
    expect(keys(done!.body)).toEqual(keys(completed));
    for (const field of Object.keys(completed.data)) expect(done!.body.data, field).toHaveProperty(field);
    for (const field of Object.keys(done!.body.data)) expect(documentedSessionFields, field).toContain(field);
    expect(done!.body.data).toMatchObject({
      payment_session_id: session.payment_session_id,
      status: "COMPLETED",
      payment_request_id: captured!.body.data.payment_request_id,
      payment_id: captured!.body.data.payment_id,
    });

    const headerNames = (headers: IncomingHttpHeaders) =>
      Object.keys(headers).filter(
        (name) =>
          ![
            "host",
            "connection",
            "content-length",
            "accept",
            "accept-language",
            "accept-encoding",
            "sec-fetch-mode",
            "user-agent",
          ].includes(name),
      );
    expect(headerNames(done!.headers).sort()).toEqual(["content-type", "x-callback-token"]);
    expect(done!.headers["x-callback-token"]).toBe(CALLBACK_TOKEN);
  });

  it("expires a session with payment_session.expired and cancels one without a webhook", async () => {
    const toExpire = (await sessions("POST", "", { ...createRequestIdr, reference_id: "order_contract_expired" })).body as Json;
    await h.api.control("POST", `/sessions/${toExpire.payment_session_id}/expire`);
    await expect.poll(() => h.receiver.requests.filter((r) => r.body.data.reference_id === "order_contract_expired").length).toBe(1);
    const [event] = h.receiver.requests.filter((r) => r.body.data.reference_id === "order_contract_expired");
    expect(event!.body.event).toBe("payment_session.expired");
    expect(keys(event!.body)).toEqual(keys(expired));
    for (const field of Object.keys(expired.data)) expect(event!.body.data, field).toHaveProperty(field);
    expect(event!.body.data.status).toBe("EXPIRED");

    const toCancel = (await sessions("POST", "", { ...createRequestIdr, reference_id: "order_contract_cancel" })).body as Json;
    const cancelled = await sessions("POST", `/${toCancel.payment_session_id}/cancel`, {});
    expect([cancelled.status, cancelled.body.status]).toEqual([200, "CANCELED"]);
    await h.sim.idle();
    expect(h.receiver.requests.filter((r) => r.body.data.reference_id === "order_contract_cancel")).toHaveLength(0);
    expect((await sessions("POST", `/${toCancel.payment_session_id}/cancel`, {})).status).toBe(400);
  });
});

describe("the shop reads Xendit's documented webhooks", () => {
  it("payment_session.completed: paid, with the session's amount and currency to check", () => {
    expect(updateOfEvent(completed)).toMatchObject({
      status: "SUCCEEDED",
      requestId: completed.data.payment_session_id,
      referenceId: completed.data.reference_id,
      paymentId: completed.data.payment_id,
      amount: completed.data.amount,
      currency: completed.data.currency,
    });
  });

  it("payment_session.expired: expired", () => {
    expect(updateOfEvent(expired)).toMatchObject({
      status: "EXPIRED",
      requestId: expired.data.payment_session_id,
      currency: expired.data.currency,
    });
  });

  it("payment.capture: paid, with request_amount and currency", () => {
    expect(updateOfEvent(capture)).toMatchObject({
      status: "SUCCEEDED",
      requestId: capture.data.payment_request_id,
      paymentId: capture.data.payment_id,
      referenceId: capture.data.reference_id,
      amount: capture.data.request_amount,
      currency: "IDR",
    });
  });

  it("payment.authorization: nothing to do (the shop captures at once)", () => {
    expect(updateOfEvent(authorization)).toBeNull();
  });
});

describe("the shop's client speaks the documented Sessions API", () => {
  let server: ReturnType<typeof createServer>;
  let baseUrl = "";
  const seen: Array<{ method: string; url: string; headers: IncomingHttpHeaders; body: string }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        const [status, answer] =
          req.url === "/sessions/ps-missing"
            ? [errors.dataNotFound.status, errors.dataNotFound.body]
            : [req.method === "POST" && req.url === "/sessions" ? 201 : 200, sessionResponse];
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("POST /sessions with Basic auth and the body as given; reads the documented response", async () => {
    const client = xenditClient({ baseUrl, secretKey: "xnd_development_contract" });
    const body = { ...createRequestIdr, allowed_payment_channels: ["CARDS"], capture_method: "AUTOMATIC" } as Parameters<
      typeof client.createSession
    >[0];
    const session = await client.createSession(body);
    expect(session).toEqual(sessionResponse);
    const request = seen.at(-1)!;
    expect([request.method, request.url]).toEqual(["POST", "/sessions"]);
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from("xnd_development_contract:").toString("base64")}`);
    expect(request.headers["content-type"]).toBe("application/json");
    // The Sessions reference names no api-version header (that one belongs to /v3).
    expect(request.headers["api-version"]).toBeUndefined();
    expect(JSON.parse(request.body)).toEqual(body);
  });

  it("GET /sessions/{id} and POST /sessions/{id}/cancel; Xendit's error body becomes a XenditError", async () => {
    const client = xenditClient({ baseUrl, secretKey: "xnd_development_contract" });
    expect(await client.getSession(sessionResponse.payment_session_id)).toEqual(sessionResponse);
    expect(seen.at(-1)).toMatchObject({ method: "GET", url: `/sessions/${sessionResponse.payment_session_id}` });
    await client.cancelSession(sessionResponse.payment_session_id);
    expect(seen.at(-1)).toMatchObject({ method: "POST", url: `/sessions/${sessionResponse.payment_session_id}/cancel` });
    const failure = await client.getSession("ps-missing").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(XenditError);
    expect(failure).toMatchObject({ status: 404, code: "DATA_NOT_FOUND", message: errors.dataNotFound.body.message });
  });
});
