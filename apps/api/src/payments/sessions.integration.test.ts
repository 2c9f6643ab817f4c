import { paymentMethodByCode } from "@workshop/domain/payment-methods.ts";
import { describe, expect, it } from "vitest";
import { orderById } from "#server/orders/queries.ts";
import { jakartaAddress, usePaymentsHarness } from "#test-support/payments-harness.ts";
import { startPayment } from "./payment-requests.ts";
import { paymentStatus } from "./payment-status.ts";
import { reconcilePayments, refreshAttempt } from "./refresh.ts";
import { xendit } from "./xendit/connection.ts";

const jakarta = { ...jakartaAddress, fullName: "Budi Santoso-Wijaya", phone: "+62 812 3456 7890" };

const { h, control, placeOnline, mailsOf, settled } = usePaymentsHarness(jakarta);

/** Fills the session's hosted card page as a customer would; answers the page's response. */
async function payOnPage(url: string, card: string, outcome: "approve" | "cancel" = "approve") {
  const form = new URLSearchParams({ outcome, card_number: card, expiry: "12/39", cvn: "123", cardholder_name: "Budi" });
  return fetch(url, { method: "POST", body: form, redirect: "manual" });
}

async function startCard() {
  const order = await placeOnline("CARD");
  const { attempt, next } = await startPayment(order.id, paymentMethodByCode("CARD")!);
  return { order, attempt, next, psId: attempt.xenditRequestId! };
}

const attemptOf = async (id: string) =>
  (await h.database.db.selectFrom("paymentAttempts").selectAll().where("xenditRequestId", "=", id).executeTakeFirst())!;

describe("cards through a payment session", () => {
  it("creates a PAY session in PAYMENT_LINK mode for the order's rupiah, cards only, and sends the customer to its link", async () => {
    const { order, attempt, next, psId } = await startCard();
    expect(psId).toMatch(/^ps-[0-9a-f]{24}$/);
    const session = h.simulator.paymentSession(psId)!;
    expect(session).toMatchObject({
      reference_id: `${order.id}:1`,
      session_type: "PAY",
      mode: "PAYMENT_LINK",
      amount: order.totalIdr,
      currency: "IDR",
      country: "ID",
      capture_method: "AUTOMATIC",
      allowed_payment_channels: ["CARDS"],
      status: "ACTIVE",
      success_return_url: expect.stringMatching(
        new RegExp(`^http://localhost:3000/checkout/return\\?order_id=${order.id}&attempt=1&sig=[\\w-]{43}$`),
      ),
      cancel_return_url: expect.stringMatching(
        new RegExp(`^http://localhost:3000/checkout/return\\?order_id=${order.id}&attempt=1&sig=[\\w-]{43}&failed=1$`),
      ),
    });
    expect(next).toEqual({ kind: "redirect", url: session.payment_link_url });
    expect(attempt).toMatchObject({
      status: "PENDING",
      channelCode: "CARDS",
      redirectUrl: session.payment_link_url,
      expiresAt: new Date(session.expires_at),
    });
    // No payment request is made for a card: v3 would want the card number itself.
    expect(
      h.simulator.store.paymentRequests.size === 0 ||
        [...h.simulator.store.paymentRequests.values()].every((pr) => pr.reference_id !== `${order.id}:1`),
    ).toBe(true);
  });

  it("sends the customer as Xendit's session takes it: alphanumeric names, E.164 phone, one reference per order", async () => {
    const { order } = await startCard();
    const [created] = (await (await fetch(`${h.simulator.url}/_control/sessions`)).json()) as {
      reference_id: string;
      customer_id: string | null;
    }[];
    expect(created?.reference_id).toBe(`${order.id}:1`);
    const { sessionCustomer } = await import("./payment-requests.ts");
    expect(sessionCustomer(order)).toEqual({
      reference_id: `order${order.id.replace(/-/g, "")}`,
      type: "INDIVIDUAL",
      email: "budi@example.com",
      mobile_number: "+6281234567890",
      individual_detail: { given_names: "Budi Santoso", surname: "Wijaya" },
    });
  });

  it("a card paid on the session's page marks the order paid once", async () => {
    const { order, psId } = await startCard();
    const answer = await payOnPage(h.simulator.paymentSession(psId)!.payment_link_url, "4000000000001091");
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(h.simulator.paymentSession(psId)!.success_return_url);
    await settled();
    expect(await orderById(order.id)).toMatchObject({ status: "PROCESSING", paymentStatus: "SUCCEEDED" });
    expect(await mailsOf(order.id, "payment-confirmed")).toBe(1);
    const session = h.simulator.paymentSession(psId)!;
    expect(await attemptOf(psId)).toMatchObject({ status: "SUCCEEDED", xenditPaymentId: session.payment_id, flag: null });
    const events = await h.database.db.selectFrom("xenditEvents").selectAll().where("event", "=", "payment_session.completed").execute();
    expect(events.find((e) => (e.body.data as { payment_session_id?: string }).payment_session_id === psId)).toMatchObject({
      outcome: expect.stringMatching(/^(applied|ignored)$/),
    });
  });

  it("a failed card leaves the session open for another card; giving up shows why", async () => {
    const { order, psId } = await startCard();
    const link = h.simulator.paymentSession(psId)!.payment_link_url;
    expect((await payOnPage(link, "4000000000000051")).status).toBe(402);
    await settled();
    expect(h.simulator.paymentSession(psId)?.status).toBe("ACTIVE");
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: "PENDING" });
    expect((await paymentStatus({ paymentId: psId }, async () => true)).body).toMatchObject({
      status: "PENDING",
      payment: { failure_reason: null },
    });
    expect((await payOnPage(link, "4000000000001000")).status).toBe(303);
    await settled();
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: "SUCCEEDED" });

    // Another order: a declined card, then the customer leaves by the page's cancel link.
    const other = await startCard();
    const otherLink = h.simulator.paymentSession(other.psId)!.payment_link_url;
    await payOnPage(otherLink, "4000000000000069");
    await settled();
    const back = await payOnPage(otherLink, "", "cancel");
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(h.simulator.paymentSession(other.psId)!.cancel_return_url);
    // What the return page does then (checkout/return.ts): the session is closed and read again.
    await xendit().cancelSession(other.psId);
    await refreshAttempt(await attemptOf(other.psId), 0);
    expect(h.simulator.paymentSession(other.psId)?.status).toBe("CANCELED");
    expect((await paymentStatus({ paymentId: other.psId }, async () => true)).body).toMatchObject({
      status: "CANCELLED",
      payment: { failure_reason: "EXPIRED_CARD" },
    });
  });

  it("an expired session fails the payment with one e-mail", async () => {
    const { order, psId } = await startCard();
    await control(`/sessions/${psId}/expire`);
    await settled();
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: "FAILED", status: "PENDING" });
    expect((await paymentStatus({ paymentId: psId }, async () => true)).body).toMatchObject({ status: "EXPIRED" });
    expect(await mailsOf(order.id, "payment-failed")).toBe(1);
  });

  it("marks nothing paid for a session whose amount or currency is wrong or missing", async () => {
    const cases: Array<(total: number) => Record<string, unknown>> = [
      (total) => ({ amount: total - 1000 }),
      (total) => ({ amount: String(total) }),
      () => ({ amount: null }),
      () => ({ currency: "USD" }),
      () => ({ currency: null }),
    ];
    for (const data of cases) {
      const { order, psId } = await startCard();
      await control(`/sessions/${psId}/events`, {
        events: [{ event: "payment_session.completed", data: { payment_id: `py-${psId}`, ...data(order.totalIdr) } }],
      });
      await settled();
      expect(await orderById(order.id), JSON.stringify(data(order.totalIdr))).toMatchObject({ paymentStatus: "PENDING" });
      expect((await attemptOf(psId)).flag, JSON.stringify(data(order.totalIdr))).toMatch(/^(amount|currency) mismatch/);
    }
    // The captured amount counts, not the session's: a short capture is flagged.
    const short = await startCard();
    await control(`/sessions/${short.psId}/pay`, { amount: short.order.totalIdr - 500 });
    await settled();
    expect(await orderById(short.order.id)).toMatchObject({ paymentStatus: "PENDING" });
  });

  it("reconciliation reads a session whose webhooks were lost", async () => {
    const { order, psId } = await startCard();
    await control("/webhooks", { paused: true });
    await control(`/sessions/${psId}/pay`);
    await fetch(`${h.simulator.url}/_control/webhooks/pending`, { method: "DELETE" });
    await control("/webhooks", { paused: false });
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: "PENDING" });
    await reconcilePayments(new Date(Date.now() + 5 * 60_000));
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: "SUCCEEDED" });
    expect(await attemptOf(psId)).toMatchObject({ status: "SUCCEEDED", xenditPaymentId: h.simulator.paymentSession(psId)!.payment_id });
  });

  it("switching from card to a bank transfer cancels the open session", async () => {
    const { order, psId } = await startCard();
    const second = await startPayment(order.id, paymentMethodByCode("BRI")!);
    expect(second.attempt.attempt).toBe(2);
    expect(h.simulator.paymentSession(psId)?.status).toBe("CANCELED");
    expect(await attemptOf(psId)).toMatchObject({ status: "CANCELLED" });
  });
});
