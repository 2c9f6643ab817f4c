/**
 * Contract for refunds: Xendit's published refund examples (fixtures/, see fixtures/SOURCES.md)
 * against the simulator, the shop's reading of refund webhooks and the shop's client.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refundOfEvent } from "#server/payments/refund-updates.ts";
import { XenditError, xenditClient } from "#server/payments/xendit/client.ts";
import { CALLBACK_TOKEN, type Harness, returnUrls, SECRET_KEY, startHarness } from "#simulators/xendit/test-helpers.ts";

// biome-ignore lint/suspicious/noExplicitAny: fixtures are documented JSON, read field by field in the assertions
type Json = Record<string, any>;
const fixture = (name: string): Json => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8")) as Json;

const withAmount = fixture("create-refund.request.json");
const withoutAmount = fixture("create-refund-without-amount.request.json");
const succeeded = fixture("refund.succeeded.webhook.json");
const failed = fixture("refund.failed.webhook.json");
const sdkCallback = fixture("refund-callback.sdk.json");
const errors = fixture("refund-errors.json");

/** The refund object's fields in the reference (response and webhook `data`), plus `country` from Xendit's SDK model. */
const documentedRefundFields = [
  "id",
  "payment_request_id",
  "payment_id",
  "invoice_id",
  "payment_method_type",
  "reference_id",
  "channel_code",
  "country",
  "currency",
  "amount",
  "status",
  "reason",
  "failure_code",
  "refund_fee_amount",
  "metadata",
  "created",
  "updated",
];
/** The refund inside the published webhook example (nested one level deeper than its schema says). */
const exampleRefund = succeeded.data.data as Json;

describe("the simulator refunds as Xendit documents", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const auth = { authorization: `Basic ${Buffer.from(`${SECRET_KEY}:`).toString("base64")}` };
  const refund = (body: unknown, headers: Record<string, string> = {}) => h.api.call("POST", "/refunds", body, { ...auth, ...headers });

  /** A payment request of `channel` for `amount`, paid. */
  async function paid(channel_code = "DANA", request_amount = 150_000): Promise<string> {
    const created = await h.api.create({ channel_code, request_amount, channel_properties: { ...returnUrls } });
    expect(created.status).toBe(201);
    const id = created.body.payment_request_id as string;
    expect((await h.api.control("POST", `/payment_requests/${id}/pay`)).status).toBe(200);
    return id;
  }

  it("takes the documented body with an amount: 200 PENDING with the documented fields, then refund.succeeded", async () => {
    const prId = await paid("DANA", 150_000);
    // Held PENDING until settled below, so the reads in between see the answer as it was.
    await h.api.control("POST", "/refunds/outcome", { status: "PENDING" });
    const answer = await refund(
      { ...withAmount, payment_request_id: prId, reference_id: "contract-refund-1" },
      { "idempotency-key": "k-1" },
    );
    expect(answer.status).toBe(200);
    const body = answer.body as Json;
    for (const field of Object.keys(exampleRefund)) expect(body, field).toHaveProperty(field);
    for (const field of Object.keys(body)) expect(documentedRefundFields, field).toContain(field);
    expect(body.id).toMatch(/^rfd-[0-9a-f-]{36}$/);
    expect(body.id).toHaveLength(exampleRefund.id.length);
    expect(body).toMatchObject({
      payment_request_id: prId,
      amount: withAmount.amount,
      currency: "IDR",
      reason: withAmount.reason,
      reference_id: "contract-refund-1",
      status: "PENDING",
      channel_code: "DANA",
      payment_method_type: "EWALLET",
      failure_code: null,
    });
    expect((await h.api.call("GET", `/refunds/${body.id}`, undefined, auth)).body).toEqual(body);
    await h.api.control("POST", "/refunds/outcome", { status: "SUCCEEDED" });
    expect((await h.api.control("POST", `/refunds/${body.id}/succeed`)).status).toBe(200);

    await expect.poll(() => h.receiver.requests.filter((r) => r.body.event.startsWith("refund.")).length).toBe(1);
    const [event] = h.receiver.requests.filter((r) => r.body.event.startsWith("refund."));
    expect(event!.body.event).toBe("refund.succeeded");
    expect(Object.keys(event!.body).sort()).toEqual(Object.keys(succeeded).sort());
    for (const field of Object.keys(exampleRefund)) expect(event!.body.data, field).toHaveProperty(field);
    expect(event!.body.data).toMatchObject({
      id: body.id,
      status: "SUCCEEDED",
      amount: withAmount.amount,
      reference_id: "contract-refund-1",
    });
    expect(event!.headers["x-callback-token"]).toBe(CALLBACK_TOKEN);
    expect((await h.api.call("GET", `/refunds/${body.id}`, undefined, auth)).body.status).toBe("SUCCEEDED");
  });

  it("refunds what is left without an amount", async () => {
    const prId = await paid("SHOPEEPAY", 90_000);
    const answer = await refund({ ...withoutAmount, payment_request_id: prId });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ amount: 90_000, currency: "IDR", reference_id: withoutAmount.reference_id });
  });

  it("answers the documented errors", async () => {
    const expectError = (answer: { status: number; body: Json }, name: string) => {
      expect(answer.status, name).toBe(errors[name].status);
      expect(answer.body.error_code, name).toBe(errors[name].error_code);
      if (errors[name].message) expect(answer.body.message, name).toBe(errors[name].message);
    };
    const va = await paid("BCA_VIRTUAL_ACCOUNT");
    expectError(await refund({ ...withAmount, payment_request_id: va }), "refundNotSupported");
    const unpaid = (await h.api.create({ channel_code: "DANA", channel_properties: { ...returnUrls } })).body.payment_request_id;
    expectError(await refund({ ...withAmount, payment_request_id: unpaid }), "ineligibleTransactionStatus");
    expectError(await refund(withAmount), "dataNotFound");
    expectError(await refund({ ...withAmount, reason: undefined }), "apiValidationError");
    expectError(await refund({ ...withAmount, reason: "CHANGED_MIND" }), "apiValidationError");
    expect((await refund({ ...withAmount, payment_request_id: undefined })).body.message).toBe(
      "request/body must have required property 'payment_request_id'",
    );

    const linkaja = await paid("LINKAJA", 50_000);
    expectError(await refund({ ...withAmount, payment_request_id: linkaja, amount: 10_000 }), "partialRefundNotSupported");

    const dana = await paid("DANA", 20_000);
    expectError(await refund({ ...withAmount, payment_request_id: dana, amount: 20_001 }), "refundAmountExceeded");
    expect((await h.api.control("POST", "/refunds/outcome", { status: "PENDING" })).status).toBe(200);
    expect((await refund({ ...withAmount, payment_request_id: dana, amount: 5_000 }, { "idempotency-key": "k-dup" })).status).toBe(200);
    expectError(await refund({ ...withAmount, payment_request_id: dana, amount: 5_000 }), "refundInProgress");
    expectError(await refund({ ...withAmount, payment_request_id: dana, amount: 5_000 }, { "idempotency-key": "k-dup" }), "duplicateError");
    await h.api.control("POST", "/refunds/outcome", { status: "SUCCEEDED" });

    const wrongKey = await h.api.call("POST", "/refunds", withAmount, {
      authorization: `Basic ${Buffer.from("xnd_development_not_ours:").toString("base64")}`,
    });
    expect([wrongKey.status, wrongKey.body.error_code]).toEqual([401, "INVALID_API_KEY"]);
    expect((await h.api.call("GET", "/refunds/rfd-00000000-0000-4000-8000-000000000000", undefined, auth)).status).toBe(404);
  });
});

describe("the shop reads Xendit's documented refund webhooks", () => {
  it("refund.succeeded, as published (nested) and as the SDK shows it (flat)", () => {
    for (const body of [succeeded, sdkCallback]) {
      expect(refundOfEvent(body)).toEqual({
        xenditRefundId: exampleRefund.id,
        referenceId: exampleRefund.reference_id,
        status: "SUCCEEDED",
        failureCode: null,
        amount: 10000,
        currency: "PHP",
      });
    }
  });

  it("refund.failed with its failure code", () => {
    expect(refundOfEvent(failed)).toMatchObject({
      xenditRefundId: failed.data.data.id,
      status: "FAILED",
      failureCode: "DUPLICATE_ERROR",
    });
  });
});

describe("the shop's client speaks the documented Refunds API", () => {
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
          req.url === "/refunds/rfd-missing"
            ? [404, { error_code: "DATA_NOT_FOUND", message: "Refund not found" }]
            : [200, { ...exampleRefund, payment_request_id: withAmount.payment_request_id, status: "PENDING" }];
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("POST /refunds with Basic auth, the idempotency key and the documented body; GET /refunds/{id}", async () => {
    const client = xenditClient({ baseUrl, secretKey: "xnd_development_contract" });
    const body = { ...withAmount, reason: "DUPLICATE" as const } as Parameters<typeof client.createRefund>[0];
    const answer = await client.createRefund(body, "refund-key-1");
    expect(answer).toMatchObject({ id: exampleRefund.id, status: "PENDING" });
    const request = seen.at(-1)!;
    expect([request.method, request.url]).toEqual(["POST", "/refunds"]);
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from("xnd_development_contract:").toString("base64")}`);
    expect(request.headers["idempotency-key"]).toBe("refund-key-1");
    expect(request.headers["api-version"]).toBeUndefined();
    expect(JSON.parse(request.body)).toEqual(body);

    await client.getRefund(exampleRefund.id);
    expect(seen.at(-1)).toMatchObject({ method: "GET", url: `/refunds/${exampleRefund.id}` });
    const failure = await client.getRefund("rfd-missing").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(XenditError);
    expect(failure).toMatchObject({ status: 404, code: "DATA_NOT_FOUND" });
  });
});
