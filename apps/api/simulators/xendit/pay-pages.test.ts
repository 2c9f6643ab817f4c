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

async function cardSession(amount = 185_000) {
  return (await h.api.createSession({ amount })).body;
}

function webhooksFor(id: string) {
  return h.receiver.requests.filter((r) => r.body.data.payment_request_id === id);
}

/** Webhooks of a session: its own events and those of the payments made in it (same reference). */
function sessionWebhooks(session: { reference_id: string }) {
  return h.receiver.requests.filter((r) => r.body.data.reference_id === session.reference_id);
}

async function requestState(id: string) {
  return (await h.api.v3("GET", `/payment_requests/${id}`)).body;
}

async function sessionState(id: string) {
  return (await h.api.getSession(id)).body;
}

const paymentsOf = (session: { reference_id: string }) =>
  [...h.sim.store.payments.values()].filter((p) => p.reference_id === session.reference_id);

describe("the hosted checkout of a payment session (cards)", () => {
  it("shows the amount in rupiah, the method, a sandbox marker, labelled fields and the test cards", async () => {
    const session = await cardSession(1_250_000);
    const page = await fetch(session.payment_link_url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Xendit sandbox — checkout</title>");
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
    "takes the test card %s: COMPLETED, a masked card on the payment, payment.capture and payment_session.completed, back to success_return_url",
    async (card_number) => {
      const session = await cardSession();
      const answer = await h.api.submitSessionPage(session.payment_session_id, {
        outcome: "approve",
        ...goodCard,
        card_number: card_number.replace(/(\d{4})/g, "$1 "),
      });
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe(session.success_return_url);
      const after = await sessionState(session.payment_session_id);
      expect(after).toMatchObject({
        status: "COMPLETED",
        payment_request_id: expect.stringMatching(/^pr-/),
        payment_id: expect.stringMatching(/^py-/),
      });
      const payment = (await h.api.v3("GET", `/payments/${after.payment_id}`)).body;
      expect(payment).toMatchObject({
        status: "SUCCEEDED",
        reference_id: session.reference_id,
        request_amount: session.amount,
        channel_code: "CARDS",
      });
      expect(payment.channel_properties.card_details.masked_card_number).toBe(`${card_number.slice(0, 6)}XXXXXX${card_number.slice(-4)}`);
      expect(JSON.stringify(payment)).not.toContain(card_number);
      await expect
        .poll(() => sessionWebhooks(session).map((r) => r.body.event), { timeout: 15_000 })
        .toEqual(["payment.capture", "payment_session.completed"]);
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
  ])(
    "declines the card %s with %s: a FAILED payment and payment.failure; the session stays ACTIVE for another card",
    async (card_number, code) => {
      const session = await cardSession();
      const answer = await h.api.submitSessionPage(session.payment_session_id, { outcome: "approve", ...goodCard, card_number });
      expect(answer.status).toBe(402);
      expect(answer.body).toContain('role="alert"');
      expect(answer.body).toContain(code);
      expect(answer.body).toContain('id="card_number"');
      expect(await sessionState(session.payment_session_id)).toMatchObject({ status: "ACTIVE", payment_id: null });
      expect(paymentsOf(session)).toMatchObject([{ status: "FAILED", failure_code: code, captures: [] }]);
      await expect
        .poll(() => sessionWebhooks(session).map((r) => [r.body.event, r.body.data.failure_code]), { timeout: 15_000 })
        .toEqual([["payment.failure", code]]);
      const second = await h.api.submitSessionPage(session.payment_session_id, { outcome: "approve", ...goodCard });
      expect(second.status).toBe(303);
      expect((await sessionState(session.payment_session_id)).status).toBe("COMPLETED");
    },
  );

  it.each([
    [10_051, "EXPIRED_CARD"],
    [10_054, "INSUFFICIENT_BALANCE"],
    [10_057, "PROCESSOR_ERROR"],
    [10_058, "INVALID_CVV"],
    [10_059, "DECLINED_BY_ISSUER"],
  ])("declines a good card for the test amount %i with %s", async (amount, code) => {
    const session = await cardSession(amount);
    await h.api.submitSessionPage(session.payment_session_id, { outcome: "approve", ...goodCard });
    expect(paymentsOf(session)).toMatchObject([{ status: "FAILED", failure_code: code }]);
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
    const session = await cardSession();
    const answer = await h.api.submitSessionPage(session.payment_session_id, { outcome: "approve", ...goodCard, ...change });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('role="alert"');
    expect(answer.body).toContain(message);
    expect(answer.body).toContain('id="card_number"');
    expect(await sessionState(session.payment_session_id)).toMatchObject({ status: "ACTIVE", payment_id: null });
    expect(paymentsOf(session)).toEqual([]);
  });

  it("cancel: back to cancel_return_url, the session untouched, no webhook", async () => {
    const session = await cardSession();
    const answer = await h.api.submitSessionPage(session.payment_session_id, { outcome: "cancel" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(session.cancel_return_url);
    expect(await sessionState(session.payment_session_id)).toMatchObject({ status: "ACTIVE", payment_id: null });
    // Webhooks go out one at a time in order: once a later session's webhooks are in, one for this would be too.
    const marker = await cardSession();
    await h.api.submitSessionPage(marker.payment_session_id, { outcome: "approve", ...goodCard });
    await expect.poll(() => sessionWebhooks(marker).length, { timeout: 15_000 }).toBe(2);
    expect(sessionWebhooks(session)).toEqual([]);
  });

  it("never takes a second payment: a completed or cancelled session shows a page that says so", async () => {
    const session = await cardSession();
    await h.api.submitSessionPage(session.payment_session_id, { outcome: "approve", ...goodCard });
    const again = await h.api.submitSessionPage(session.payment_session_id, { outcome: "approve", ...goodCard });
    expect(again.status).toBe(409);
    expect(again.body).toContain("has been made");
    expect(again.body).toContain(`href="${session.success_return_url.replace(/&/g, "&#38;")}"`);
    const page = await fetch(session.payment_link_url);
    expect(await page.text()).toContain("Nothing more to pay");
    expect(paymentsOf(session)).toHaveLength(1);
    const cancelled = await cardSession();
    await h.api.call(
      "POST",
      `/sessions/${cancelled.payment_session_id}/cancel`,
      {},
      { authorization: `Basic ${Buffer.from("xnd_development_simulator_tests:").toString("base64")}` },
    );
    expect(await (await fetch(cancelled.payment_link_url)).text()).toContain("This checkout was cancelled");
  });

  it("answers an unknown session with a page", async () => {
    const missing = await fetch(`${h.sim.url}/pay/sessions/ps-000000000000000000000000`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Payment not found");
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

  it.each(["OVO", "DANA", "KREDIVO", "ATOME"])(
    "declines %s: FAILED with USER_DECLINED_PAYMENT and payment.failure",
    async (channel_code) => {
      const pr = (await h.api.create({ channel_code, request_amount: 75_000, channel_properties: returnUrls })).body;
      const answer = await h.api.submitPayPage(pr.payment_request_id, { outcome: "decline" });
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe(returnUrls.failure_return_url);
      expect(await requestState(pr.payment_request_id)).toMatchObject({ status: "FAILED", failure_code: "USER_DECLINED_PAYMENT" });
      await expect
        .poll(() => webhooksFor(pr.payment_request_id).map((r) => r.body.event), { timeout: 15_000 })
        .toEqual(["payment.failure"]);
    },
  );

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
