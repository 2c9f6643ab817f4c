import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, returnUrls, startHarness } from "./test-helpers.ts";

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const goodCard = { card_number: "4000000000001091", expiry: "12/39", cvn: "123", cardholder_name: "Ketut Sari" };

async function cardRequest(amount = 185_000) {
  return (await h.api.create({ channel_code: "CARDS", request_amount: amount, channel_properties: returnUrls })).body;
}

function webhooksFor(id: string) {
  return h.receiver.requests.filter((r) => r.body.data.payment_request_id === id);
}

async function requestState(id: string) {
  return (await h.api.v3("GET", `/payment_requests/${id}`)).body;
}

describe("the hosted card page", () => {
  it("shows the amount in rupiah, the method, a sandbox marker, labelled fields and the test cards", async () => {
    const pr = await cardRequest(1_250_000);
    const page = await fetch(pr.actions[0].value);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Xendit sandbox — pay</title>");
    expect(html).toContain('name="viewport"');
    expect(html).toMatch(/Rp\s1\.250\.000/);
    expect(html).toContain("Sandbox");
    for (const field of ["card_number", "expiry", "cvn", "cardholder_name"]) {
      expect(html).toContain(`<label for="${field}">`);
      expect(html).toContain(`id="${field}" name="${field}"`);
    }
    expect(html).toContain('value="approve"');
    expect(html).toContain('value="cancel"');
    expect(html).toContain("4000000000000051");
  });

  it.each(["4000000000001091", "4000000000002503", "5200000000001096", "4000000000001000", "5200000000001005"])(
    "takes the test card %s: SUCCEEDED, a masked card on the payment, payment.capture, back to success_return_url",
    async (card_number) => {
      const pr = await cardRequest();
      const answer = await h.api.submitPayPage(pr.payment_request_id, { outcome: "approve", ...goodCard, card_number: card_number.replace(/(\d{4})/g, "$1 ") });
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe(returnUrls.success_return_url);
      const after = await requestState(pr.payment_request_id);
      expect(after.status).toBe("SUCCEEDED");
      const payment = (await h.api.v3("GET", `/payments/${after.latest_payment_id}`)).body;
      expect(payment.status).toBe("SUCCEEDED");
      expect(payment.channel_properties.card_details.masked_card_number).toBe(`${card_number.slice(0, 6)}XXXXXX${card_number.slice(-4)}`);
      expect(JSON.stringify(payment)).not.toContain(card_number);
      await expect.poll(() => webhooksFor(pr.payment_request_id).map((r) => r.body.event), { timeout: 15_000 }).toEqual(["payment.capture"]);
    },
  );

  it.each([
    ["4000000000000051", "INSUFFICIENT_BALANCE"],
    ["4000000000000002", "CARD_DECLINED"],
    ["4000000000000069", "EXPIRED_CARD"],
    ["4000000000000127", "INVALID_CVV"],
    ["4000000000000119", "PROCESSOR_ERROR"],
    ["4000000000003063", "AUTHENTICATION_FAILED"],
    ["4111111111111111", "CARD_DECLINED"],
  ])("declines the card %s with %s: FAILED payment, payment.failure, back to failure_return_url", async (card_number, code) => {
    const pr = await cardRequest();
    const answer = await h.api.submitPayPage(pr.payment_request_id, { outcome: "approve", ...goodCard, card_number });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(returnUrls.failure_return_url);
    const after = await requestState(pr.payment_request_id);
    expect(after).toMatchObject({ status: "FAILED", failure_code: code });
    const payment = (await h.api.v3("GET", `/payments/${after.latest_payment_id}`)).body;
    expect(payment).toMatchObject({ status: "FAILED", failure_code: code, captures: [] });
    await expect.poll(() => webhooksFor(pr.payment_request_id).map((r) => [r.body.event, r.body.data.failure_code]), { timeout: 15_000 }).toEqual([["payment.failure", code]]);
  });

  it.each([
    [10_051, "EXPIRED_CARD"],
    [10_054, "INSUFFICIENT_BALANCE"],
    [10_057, "PROCESSOR_ERROR"],
    [10_058, "INVALID_CVV"],
    [10_059, "DECLINED_BY_ISSUER"],
  ])("declines a good card for the test amount %i with %s", async (amount, code) => {
    const pr = await cardRequest(amount);
    await h.api.submitPayPage(pr.payment_request_id, { outcome: "approve", ...goodCard });
    expect(await requestState(pr.payment_request_id)).toMatchObject({ status: "FAILED", failure_code: code });
  });

  it.each([
    [{ card_number: "4000 0000" }, "card number"],
    [{ card_number: "4000abcd00001091" }, "card number"],
    [{ expiry: "13/39" }, "MM/YY"],
    [{ expiry: "1239" }, "MM/YY"],
    [{ expiry: "01/20" }, "expired"],
    [{ cvn: "12" }, "CVN"],
    [{ cvn: "12345" }, "CVN"],
  ])("shows the form again for %j and changes nothing", async (change, message) => {
    const pr = await cardRequest();
    const answer = await h.api.submitPayPage(pr.payment_request_id, { outcome: "approve", ...goodCard, ...change });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('role="alert"');
    expect(answer.body).toContain(message);
    expect(answer.body).toContain('id="card_number"');
    const after = await requestState(pr.payment_request_id);
    expect(after).toMatchObject({ status: "REQUIRES_ACTION", latest_payment_id: null });
  });

  it("cancels: CANCELED, back to failure_return_url, no webhook", async () => {
    const pr = await cardRequest();
    const answer = await h.api.submitPayPage(pr.payment_request_id, { outcome: "cancel" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(returnUrls.failure_return_url);
    expect(await requestState(pr.payment_request_id)).toMatchObject({ status: "CANCELED", latest_payment_id: null });
    // Webhooks go out one at a time in order: once a later request's webhook is in, a cancel webhook would be too.
    const marker = await cardRequest();
    await h.api.submitPayPage(marker.payment_request_id, { outcome: "approve", ...goodCard });
    await expect.poll(() => webhooksFor(marker.payment_request_id).length, { timeout: 15_000 }).toBe(1);
    expect(webhooksFor(pr.payment_request_id)).toEqual([]);
  });

  it("never takes a second payment: a closed request shows a page that says so", async () => {
    const pr = await cardRequest();
    await h.api.submitPayPage(pr.payment_request_id, { outcome: "approve", ...goodCard });
    const again = await h.api.submitPayPage(pr.payment_request_id, { outcome: "approve", ...goodCard });
    expect(again.status).toBe(409);
    expect(again.body).toContain("has been made");
    expect(again.body).toContain(`href="${returnUrls.success_return_url}"`);
    const page = await fetch(pr.actions[0].value);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Nothing more to pay");
    expect(h.sim.store.payments.size).toBeGreaterThan(0);
    expect([...h.sim.store.payments.values()].filter((p) => p.payment_request_id === pr.payment_request_id)).toHaveLength(1);
  });
});

describe("e-wallet and pay-later pages", () => {
  it("approves an e-wallet payment", async () => {
    const pr = (await h.api.create({ channel_code: "SHOPEEPAY", channel_properties: returnUrls })).body;
    const html = await (await fetch(pr.actions[0].value)).text();
    expect(html).toContain("ShopeePay");
    expect(html).toContain('value="decline"');
    const answer = await h.api.submitPayPage(pr.payment_request_id, { outcome: "approve" });
    expect(answer.headers.get("location")).toBe(returnUrls.success_return_url);
    expect((await requestState(pr.payment_request_id)).status).toBe("SUCCEEDED");
    await expect.poll(() => webhooksFor(pr.payment_request_id).map((r) => r.body.event), { timeout: 15_000 }).toEqual(["payment.capture"]);
  });

  it.each(["OVO", "DANA", "KREDIVO", "ATOME"])("declines %s: FAILED with USER_DECLINED_PAYMENT and payment.failure", async (channel_code) => {
    const pr = (await h.api.create({ channel_code, request_amount: 75_000, channel_properties: returnUrls })).body;
    const answer = await h.api.submitPayPage(pr.payment_request_id, { outcome: "decline" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(returnUrls.failure_return_url);
    expect(await requestState(pr.payment_request_id)).toMatchObject({ status: "FAILED", failure_code: "USER_DECLINED_PAYMENT" });
    await expect.poll(() => webhooksFor(pr.payment_request_id).map((r) => r.body.event), { timeout: 15_000 }).toEqual(["payment.failure"]);
  });

  it("approves a pay-later payment", async () => {
    const pr = (await h.api.create({ channel_code: "AKULAKU", channel_properties: returnUrls })).body;
    await h.api.submitPayPage(pr.payment_request_id, { outcome: "approve" });
    expect((await requestState(pr.payment_request_id)).status).toBe("SUCCEEDED");
  });

  it("lets a person simulate a code payment on the page of a VA, store or QRIS request", async () => {
    const pr = (await h.api.create({ channel_code: "BJB_VIRTUAL_ACCOUNT" })).body;
    const page = await (await fetch(`${h.sim.url}/pay/${pr.payment_request_id}`)).text();
    expect(page).toContain(pr.actions[0].value);
    const answer = await h.api.submitPayPage(pr.payment_request_id, { outcome: "approve" });
    expect(answer.status).toBe(200); // no return URL to go back to: the page says it is paid
    expect(answer.body).toContain("has been made");
    expect((await requestState(pr.payment_request_id)).status).toBe("SUCCEEDED");
  });

  it("answers an unknown request or outcome with a page, not a payment", async () => {
    const missing = await fetch(`${h.sim.url}/pay/pr-00000000-0000-0000-0000-000000000000`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Payment not found");
    const pr = (await h.api.create({ channel_code: "LINKAJA", channel_properties: returnUrls })).body;
    const odd = await h.api.submitPayPage(pr.payment_request_id, { outcome: "maybe" });
    expect(odd.status).toBe(400);
    expect((await requestState(pr.payment_request_id)).status).toBe("REQUIRES_ACTION");
  });
});
