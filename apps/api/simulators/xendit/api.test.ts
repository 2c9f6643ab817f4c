import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crc16, parseEmv } from "./qris.ts";
import { CALLBACK_TOKEN, type Harness, paymentRequestBody, returnUrls, SECRET_KEY, startHarness } from "./test-helpers.ts";

const HOUR = 3_600_000;
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe("authentication and headers", () => {
  it("refuses a missing or wrong key with 401 INVALID_API_KEY", async () => {
    const noAuth = await h.api.call("POST", "/v3/payment_requests", paymentRequestBody(), { "api-version": "2024-11-11" });
    expect(noAuth.status).toBe(401);
    expect(noAuth.body).toEqual({ error_code: "INVALID_API_KEY", message: expect.any(String) });
    const wrongKey = `Basic ${Buffer.from("xnd_development_other:").toString("base64")}`;
    expect(
      (await h.api.call("GET", "/v3/payment_requests/pr-x", undefined, { authorization: wrongKey, "api-version": "2024-11-11" })).status,
    ).toBe(401);
    const withPassword = `Basic ${Buffer.from(`${SECRET_KEY}:secret`).toString("base64")}`;
    expect(
      (await h.api.call("GET", "/v3/payment_requests/pr-x", undefined, { authorization: withPassword, "api-version": "2024-11-11" }))
        .status,
    ).toBe(401);
  });

  it("needs api-version 2024-11-11", async () => {
    const missing = await h.api.create({}, { "api-version": "" });
    expect(missing.status).toBe(400);
    expect(missing.body.error_code).toBe("API_VALIDATION_ERROR");
    expect(missing.body.message).toMatch(/api-version/);
    expect((await h.api.create({}, { "api-version": "2022-07-31" })).status).toBe(400);
  });

  it("answers unknown paths and bad JSON in Xendit's error shape", async () => {
    const unknown = await h.api.v3("GET", "/nothing");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_code).toBe("NOT_FOUND");
    const bad = await h.api.v3("POST", "/payment_requests", undefined, { "content-type": "application/json" });
    expect(bad.status).toBe(400);
    const broken = await fetch(`${h.sim.url}/v3/payment_requests`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${SECRET_KEY}:`).toString("base64")}`,
        "api-version": "2024-11-11",
        "content-type": "application/json",
      },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ error_code: "API_VALIDATION_ERROR" });
  });
});

describe("creating a payment request", () => {
  it.each([
    [{ reference_id: "" }, /reference_id/],
    [{ reference_id: "x".repeat(256) }, /reference_id/],
    [{ type: "PAY_AND_SAVE" }, /type/],
    [{ country: "PH" }, /country/],
    [{ currency: "USD" }, /currency/],
    [{ request_amount: "150000" }, /request_amount/],
    [{ request_amount: 150_000.5 }, /whole number/],
    [{ request_amount: 0 }, /request_amount/],
    [{ channel_code: "GOPAY" }, /channel_code/],
    [{ channel_code: "OVO" }, /success_return_url/],
    [{ channel_code: "DANA", channel_properties: { success_return_url: "https://shop.test/ok" } }, /failure_return_url/],
    [{ channel_code: "CARDS", channel_properties: returnUrls }, /card_details is required for CARDS.*POST \/sessions/],
    [{ channel_properties: { expires_at: "2001-01-01T00:00:00Z" } }, /future/],
    [{ channel_properties: { expires_at: "tomorrow" } }, /expires_at/],
    [{ description: "" }, /description/],
    [{ metadata: "order" }, /metadata/],
  ])("refuses %j with 400 API_VALIDATION_ERROR", async (overrides, message) => {
    const answer = await h.api.create(overrides);
    expect(answer.status).toBe(400);
    expect(answer.body.error_code).toBe("API_VALIDATION_ERROR");
    expect(answer.body.message).toMatch(message);
  });

  it.each([
    ["INDOMARET", 5_000_001],
    ["INDOMARET", 9_999],
    ["QRIS", 10_000_001],
    ["BCA_VIRTUAL_ACCOUNT", 9_999],
    ["ATOME", 6_000_001],
  ])("refuses %s for %i IDR (outside its limits) with 400 INVALID_VALUE_ERROR", async (channel_code, request_amount) => {
    const answer = await h.api.create({ channel_code, request_amount, channel_properties: returnUrls });
    expect(answer.status).toBe(400);
    expect(answer.body.error_code).toBe("INVALID_VALUE_ERROR");
    expect(answer.body.message).toContain(channel_code);
  });

  it("accepts the limits themselves", async () => {
    expect((await h.api.create({ channel_code: "INDOMARET", request_amount: 5_000_000 })).status).toBe(201);
    expect((await h.api.create({ channel_code: "QRIS", request_amount: 10_000_000 })).status).toBe(201);
  });

  it("gives a virtual account a bank number, echoed in channel_properties", async () => {
    const first = await h.api.create({ channel_code: "BNI_VIRTUAL_ACCOUNT" });
    const second = await h.api.create({ channel_code: "BNI_VIRTUAL_ACCOUNT", channel_properties: { display_name: "Made Wirawan" } });
    expect(first.status).toBe(201);
    const pr = first.body;
    expect(pr).toMatchObject({
      business_id: expect.stringMatching(/^[0-9a-f]{24}$/),
      payment_request_id: expect.stringMatching(/^pr-[0-9a-f-]{36}$/),
      latest_payment_id: null,
      type: "PAY",
      country: "ID",
      currency: "IDR",
      request_amount: 150_000,
      capture_method: "AUTOMATIC",
      channel_code: "BNI_VIRTUAL_ACCOUNT",
      status: "REQUIRES_ACTION",
      failure_code: null,
      description: "Pandan fedora",
      metadata: null,
    });
    expect(pr.payment_request_id).toHaveLength(39);
    const [action] = pr.actions;
    expect(pr.actions).toHaveLength(1);
    expect(action).toMatchObject({ type: "PRESENT_TO_CUSTOMER", descriptor: "VIRTUAL_ACCOUNT_NUMBER" });
    expect(action.value).toMatch(/^8808\d{12}$/);
    expect(pr.channel_properties).toMatchObject({ virtual_account_number: action.value, display_name: "Customer" });
    expect(second.body.actions[0].value).not.toBe(action.value);
    expect(second.body.channel_properties.display_name).toBe("Made Wirawan");
    expect(Date.parse(pr.channel_properties.expires_at) - Date.parse(pr.created)).toBe(24 * HOUR);
  });

  it("gives Indomaret and Alfamart a store payment code", async () => {
    for (const channel_code of ["INDOMARET", "ALFAMART"]) {
      const pr = (await h.api.create({ channel_code })).body;
      expect(pr.actions).toEqual([
        { type: "PRESENT_TO_CUSTOMER", descriptor: "PAYMENT_CODE", value: expect.stringMatching(/^TEST\d{8}$/) },
      ]);
      expect(pr.channel_properties.payment_code).toBe(pr.actions[0].value);
      expect(Date.parse(pr.channel_properties.expires_at) - Date.parse(pr.created)).toBe(48 * HOUR);
    }
  });

  it("gives QRIS an EMVCo payload with the amount and a valid CRC", async () => {
    const pr = (await h.api.create({ channel_code: "QRIS", request_amount: 275_000 })).body;
    const [action] = pr.actions;
    expect(action).toMatchObject({ type: "PRESENT_TO_CUSTOMER", descriptor: "QR_STRING" });
    const fields = parseEmv(action.value);
    expect(fields.get("00")).toBe("01");
    expect(fields.get("01")).toBe("12");
    expect(fields.get("51")).toContain("ID.CO.QRIS.WWW");
    expect(fields.get("53")).toBe("360");
    expect(fields.get("54")).toBe("275000");
    expect(fields.get("58")).toBe("ID");
    expect(action.value.slice(-8, -4)).toBe("6304");
    expect(fields.get("63")).toBe(crc16(action.value.slice(0, -4)));
    expect(Date.parse(pr.channel_properties.expires_at) - Date.parse(pr.created)).toBe(48 * HOUR);
  });

  it("sends redirect channels to the hosted page, with their own expiry", async () => {
    const expiries: Record<string, number> = {
      OVO: 10 * 60_000,
      DANA: 24 * HOUR,
      SHOPEEPAY: 30 * 60_000,
      LINKAJA: 30 * 60_000,
      ASTRAPAY: 30 * 60_000,
      KREDIVO: 24 * HOUR,
      AKULAKU: 24 * HOUR,
      ATOME: 24 * HOUR,
      INDODANA: 24 * HOUR,
    };
    for (const [channel_code, expiresIn] of Object.entries(expiries)) {
      const answer = await h.api.create({ channel_code, channel_properties: returnUrls, request_amount: 60_000 });
      expect(answer.status, channel_code).toBe(201);
      const pr = answer.body;
      expect(pr.actions).toEqual([
        { type: "REDIRECT_CUSTOMER", descriptor: "WEB_URL", value: `${h.sim.url}/pay/${pr.payment_request_id}` },
      ]);
      expect(pr.channel_properties).toMatchObject(returnUrls);
      expect(Date.parse(pr.channel_properties.expires_at) - Date.parse(pr.created), channel_code).toBe(expiresIn);
    }
  });

  it("keeps an expires_at that the request gives", async () => {
    const expiresAt = new Date(Date.now() + 2 * HOUR).toISOString();
    const pr = (await h.api.create({ channel_code: "MANDIRI_VIRTUAL_ACCOUNT", channel_properties: { expires_at: expiresAt } })).body;
    expect(pr.channel_properties.expires_at).toBe(expiresAt);
  });

  it("returns the same request for the same idempotency key and body, and 409 for another body", async () => {
    const body = paymentRequestBody({ channel_code: "PERMATA_VIRTUAL_ACCOUNT" });
    const key = { "idempotency-key": String(body.reference_id) };
    const first = await h.api.v3("POST", "/payment_requests", body, key);
    const again = await h.api.v3("POST", "/payment_requests", { ...body, channel_properties: {}, description: body.description }, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.payment_request_id).toBe(first.body.payment_request_id);
    expect(again.body.actions).toEqual(first.body.actions);
    const different = await h.api.v3("POST", "/payment_requests", { ...body, request_amount: 160_000 }, key);
    expect(different.status).toBe(409);
    expect(different.body.error_code).toBe("IDEMPOTENCY_ERROR");
    const withoutKey = await h.api.v3("POST", "/payment_requests", body);
    expect(withoutKey.body.payment_request_id).not.toBe(first.body.payment_request_id);
  });

  it.each([
    [10_100, 403, "CHANNEL_NOT_ACTIVATED"],
    [10_101, 503, "CHANNEL_UNAVAILABLE"],
    [10_102, 500, "SERVER_ERROR"],
  ])("fails e-wallets and QRIS for the test amount %i with %i %s", async (request_amount, status, code) => {
    for (const channel_code of ["OVO", "DANA", "QRIS"]) {
      const answer = await h.api.create({ channel_code, request_amount, channel_properties: returnUrls });
      expect(answer.status).toBe(status);
      expect(answer.body.error_code).toBe(code);
    }
    expect((await h.api.create({ channel_code: "BRI_VIRTUAL_ACCOUNT", request_amount })).status).toBe(201);
  });
});

describe("reading, cancelling and simulating", () => {
  it("reads a request back and answers 404 DATA_NOT_FOUND for an unknown one", async () => {
    const pr = (await h.api.create()).body;
    const read = await h.api.v3("GET", `/payment_requests/${pr.payment_request_id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(pr);
    const missing = await h.api.v3("GET", "/payment_requests/pr-00000000-0000-0000-0000-000000000000");
    expect(missing.status).toBe(404);
    expect(missing.body.error_code).toBe("DATA_NOT_FOUND");
    expect((await h.api.v3("GET", "/payments/py-unknown")).body.error_code).toBe("DATA_NOT_FOUND");
  });

  it("cancels only a request that still requires action, without a webhook", async () => {
    const pr = (await h.api.create({ channel_code: "ALFAMART" })).body;
    const cancelled = await h.api.v3("POST", `/payment_requests/${pr.payment_request_id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("CANCELED");
    const again = await h.api.v3("POST", `/payment_requests/${pr.payment_request_id}/cancel`);
    expect(again.status).toBe(400);
    expect(again.body.error_code).toBe("INACTIVE_PAYMENT_REQUEST");
    const simulate = await h.api.v3("POST", `/payment_requests/${pr.payment_request_id}/simulate`, {});
    expect(simulate.body.error_code).toBe("INACTIVE_PAYMENT_REQUEST");
    expect(h.receiver.requests.filter((r) => r.body.data.payment_request_id === pr.payment_request_id)).toEqual([]);
  });

  it("simulates a payment: PENDING answer, then SUCCEEDED, a payment and one payment.capture webhook", async () => {
    const pr = (await h.api.create({ channel_code: "BSI_VIRTUAL_ACCOUNT", metadata: { order: "42" } })).body;
    const id = pr.payment_request_id;
    const simulate = await h.api.v3("POST", `/payment_requests/${id}/simulate`, {});
    expect(simulate.status).toBe(200);
    expect(simulate.body).toEqual({ status: "PENDING", message: expect.any(String) });

    await expect.poll(async () => (await h.api.v3("GET", `/payment_requests/${id}`)).body.status, { timeout: 15_000 }).toBe("SUCCEEDED");
    const after = (await h.api.v3("GET", `/payment_requests/${id}`)).body;
    expect(after.latest_payment_id).toMatch(/^py-[0-9a-f-]{36}$/);
    const payment = (await h.api.v3("GET", `/payments/${after.latest_payment_id}`)).body;
    expect(payment).toMatchObject({
      payment_id: after.latest_payment_id,
      business_id: pr.business_id,
      reference_id: pr.reference_id,
      payment_request_id: id,
      type: "PAY",
      country: "ID",
      currency: "IDR",
      request_amount: 150_000,
      capture_method: "AUTOMATIC",
      channel_code: "BSI_VIRTUAL_ACCOUNT",
      status: "SUCCEEDED",
      failure_code: null,
      metadata: { order: "42" },
      captures: [{ capture_id: expect.any(String), capture_amount: 150_000, capture_timestamp: expect.any(String) }],
    });

    const mine = () => h.receiver.requests.filter((r) => r.body.data.payment_request_id === id);
    await expect.poll(() => mine().length, { timeout: 15_000 }).toBe(1);
    const [webhook] = mine();
    expect(webhook?.headers["x-callback-token"]).toBe(CALLBACK_TOKEN);
    expect(webhook?.headers["content-type"]).toBe("application/json");
    // Only what Xendit documents: x-callback-token, and {event, business_id, created, data}.
    expect(webhook?.headers["webhook-id"]).toBeUndefined();
    expect(webhook?.body).toEqual({ event: "payment.capture", business_id: pr.business_id, created: expect.any(String), data: payment });

    const twice = await h.api.v3("POST", `/payment_requests/${id}/simulate`, {});
    expect(twice.status).toBe(400);
    expect(twice.body.error_code).toBe("INACTIVE_PAYMENT_REQUEST");
  });

  it("simulates another amount when asked", async () => {
    const pr = (await h.api.create({ channel_code: "QRIS", request_amount: 50_000 })).body;
    await h.api.v3("POST", `/payment_requests/${pr.payment_request_id}/simulate`, { amount: 40_000 });
    await expect
      .poll(async () => (await h.api.v3("GET", `/payment_requests/${pr.payment_request_id}`)).body.status, { timeout: 15_000 })
      .toBe("SUCCEEDED");
    const paid = (await h.api.v3("GET", `/payment_requests/${pr.payment_request_id}`)).body;
    const payment = (await h.api.v3("GET", `/payments/${paid.latest_payment_id}`)).body;
    expect(payment.captures[0].capture_amount).toBe(40_000);
    expect(payment.request_amount).toBe(40_000);
  });

  it("simulates only channels that show the customer a code", async () => {
    const wallet = (await h.api.create({ channel_code: "OVO", channel_properties: returnUrls })).body;
    const answer = await h.api.v3("POST", `/payment_requests/${wallet.payment_request_id}/simulate`, {});
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error_code: "API_VALIDATION_ERROR", message: expect.stringMatching(/hosted page/) });
    const va = (await h.api.create()).body;
    expect((await h.api.v3("POST", `/payment_requests/${va.payment_request_id}/simulate`, { amount: -5 })).status).toBe(400);
  });
});
