import { workshopToday } from "@workshop/domain/admin-date.ts";
import { depositCents } from "@workshop/domain/custom-quote.ts";
import { centsToIdr } from "@workshop/domain/money.ts";
import { paymentMethodByCode } from "@workshop/domain/payment-methods.ts";
import { describe, expect, it } from "vitest";
import { sendBalanceLink } from "#server/admin-orders/balance-link.ts";
import type { Actor } from "#server/audit/actor.ts";
import { mayManagePayments } from "#server/checkout/payment-access.ts";
import { pay, paymentStep } from "#server/checkout/payment-step.ts";
import { acceptQuote } from "#server/checkout/quote-checkout.ts";
import { readCheckout, updateCheckout } from "#server/checkout/session.ts";
import { chooseDelivery, saveAddress } from "#server/checkout/steps.ts";
import { orderById } from "#server/orders/queries.ts";
import { isPayable, startPayment } from "#server/payments/payment-requests.ts";
import { createPaymentRequest } from "#server/payments/spec-payment-request.ts";
import { callerWith, cookieOf } from "#test-support/cookies.ts";
import { jakartaAddress, usePaymentsHarness } from "#test-support/payments-harness.ts";
import { quotePage } from "./quote-admin.ts";
import { placeQuoteOrder } from "./quote-order.ts";
import { quoteView } from "./quote-view.ts";
import { quoteByToken, withdrawQuote, writeQuote } from "./quotes.ts";
import { changeCustomOrderStatus } from "./staff-work.ts";

const jakarta = { ...jakartaAddress, fullName: "Ayu Lestari", email: "ayu@example.com" };
const { h, control, mailsOf, settled } = usePaymentsHarness(jakarta);
const staff: Actor = { staffId: null, label: "owner@workshop.test", role: "owner", ip: null };
const inTenDays = () => new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
const form = (price: number, extra: Partial<{ description: string; productionTime: "1-2 weeks" | "3-4 weeks" | "4-6 weeks" }> = {}) => ({
  price,
  description: "A straw fedora with a hand-woven band",
  productionTime: "3-4 weeks" as const,
  validUntil: inTenDays(),
  ...extra,
});

async function newRequest(locale = "ru") {
  const row = await h.database.db
    .insertInto("customOrders")
    .values({
      name: "Ayu",
      email: "ayu@example.com",
      hatType: "Fedora",
      material: "Straw",
      size: "58 cm",
      details: "A fedora",
      timeline: "3-4 weeks",
      locale,
    })
    .returningAll()
    .executeTakeFirst();
  return row!;
}
const requestStatus = async (id: number) =>
  (await h.database.db.selectFrom("customOrders").selectAll().where("id", "=", id).execute())[0]!.status;
const browser = async (id?: string) => callerWith(id ? { cookie: await cookieOf(id) } : {});

/** A browser that accepted the quote and chose an address and Lion Parcel: at the payment step. */
async function acceptedAtPayment(token: string) {
  const accepted = await acceptQuote(await browser(), token);
  if (!("sessionId" in accepted)) throw new Error(`refused: ${accepted.refused}`);
  expect(accepted.to).toBe("/checkout/shipping");
  const session = await browser(accepted.sessionId);
  await saveAddress(session, jakarta);
  await chooseDelivery(session, "LION_PARCEL");
  return session;
}

describe("writing quotes", () => {
  it("sends a quote in the request's language with its private link, and moves the request to QUOTED", async () => {
    const request = await newRequest("ru");
    const quote = await writeQuote(request.id, form(18_550), staff);
    expect(quote).toMatchObject({ version: 1, status: "SENT", priceCents: 18_550, productionTime: "3-4 weeks" });
    expect(quote.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await requestStatus(request.id)).toBe("QUOTED");
    const [mail] = await h.database.db.selectFrom("mailOutbox").selectAll().where("dedupeKey", "=", `custom-quote:${quote.id}`).execute();
    expect(mail).toMatchObject({ template: "custom-quote", locale: "ru", to: "ayu@example.com", customOrderId: request.id });
    expect(mail!.text).toContain(`/ru/quotes/${quote.token}`);
    // Half of $185.50, in whole cents, rounded up: $92.75.
    expect(mail!.text).toContain("$92.75");
  });

  it("keeps every revision, supersedes the older one, and refuses a third revision", async () => {
    const request = await newRequest("en");
    const v1 = await writeQuote(request.id, form(10_000), staff);
    const v2 = await writeQuote(request.id, form(12_000), staff);
    const v3 = await writeQuote(request.id, form(12_001), staff);
    await expect(writeQuote(request.id, form(13_000), staff)).rejects.toMatchObject({ kind: "conflict" });
    const rows = await h.database.db.selectFrom("customQuotes").selectAll().where("customOrderId", "=", request.id).execute();
    expect(rows.map((r) => [r.version, r.status]).sort()).toEqual([
      [1, "SUPERSEDED"],
      [2, "SUPERSEDED"],
      [3, "SENT"],
    ]);
    expect((await quoteByToken(v1.token))?.state).toBe("superseded");
    expect((await quoteByToken(v2.token))?.state).toBe("superseded");
    expect((await quoteView(v3.token))?.depositCents).toBe(6_001);
    expect(await acceptQuote(await browser(), v1.token)).toEqual({ refused: "superseded" });
  });

  it("suggests a last valid day two weeks ahead, in the workshop's calendar", async () => {
    const request = await newRequest("en");
    const page = await quotePage(request.id);
    expect(page?.today).toBe(workshopToday());
    expect(page?.suggestedValidUntil).toBe(workshopToday(new Date(Date.now() + 14 * 86_400_000)));
  });

  it("refuses a day in the past and a missing request, changing nothing", async () => {
    const request = await newRequest("en");
    await expect(writeQuote(request.id, { ...form(10_000), validUntil: "2020-01-01" }, staff)).rejects.toMatchObject({ kind: "invalid" });
    await expect(writeQuote(999_999, form(10_000), staff)).rejects.toMatchObject({ kind: "not_found" });
    expect(await h.database.db.selectFrom("customQuotes").selectAll().where("customOrderId", "=", request.id).execute()).toEqual([]);
  });

  it("withdraws a quote: its link then says so and cannot be accepted", async () => {
    const request = await newRequest("en");
    const quote = await writeQuote(request.id, form(9_900), staff);
    await withdrawQuote(request.id, quote.id, staff);
    expect((await quoteByToken(quote.token))?.state).toBe("withdrawn");
    expect(await acceptQuote(await browser(), quote.token)).toEqual({ refused: "withdrawn" });
    await expect(withdrawQuote(request.id, quote.id, staff)).rejects.toMatchObject({ kind: "conflict" });
  });

  it("expires after its last day: it can be neither accepted nor paid", async () => {
    const request = await newRequest("en");
    const quote = await writeQuote(request.id, form(9_900), staff);
    const session = await acceptedAtPayment(quote.token);
    await h.database.db
      .updateTable("customQuotes")
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where("id", "=", quote.id)
      .execute();
    expect((await quoteByToken(quote.token))?.state).toBe("expired");
    expect(await acceptQuote(await browser(), quote.token)).toEqual({ refused: "expired" });
    expect(await paymentStep(session, "en")).toEqual({ next: `/quotes/${quote.token}` });
    await expect(pay(session, { paymentMethod: "BCA", orderId: null }, "en")).rejects.toMatchObject({ kind: "conflict" });
    expect(
      (
        await h.database.db
          .selectFrom("orders")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("quoteId", "=", quote.id)
          .execute()
      )[0]!.n,
    ).toBe(0);
  });

  it("withdraws the open quote of a request staff cancel: its link says so, and it gives no order", async () => {
    const request = await newRequest("en");
    const quote = await writeQuote(request.id, form(9_900), staff);
    expect(await changeCustomOrderStatus(request.id, "CANCELLED", "QUOTED", staff)).toBe("CANCELLED");
    expect((await quoteByToken(quote.token))?.state).toBe("withdrawn");
    expect(await acceptQuote(await browser(), quote.token)).toEqual({ refused: "withdrawn" });
    await expect(
      placeQuoteOrder({ quoteId: quote.id, shippingAddress: jakarta, deliveryOption: "LION_PARCEL", paymentMethod: "BCA", locale: "en" }),
    ).rejects.toMatchObject({ kind: "conflict", message: "This quote was withdrawn by the workshop." });
    const moves = await h.database.db
      .selectFrom("auditLog")
      .select(["before", "after"])
      .where("action", "=", "custom-order-status")
      .where("recordId", "=", String(request.id))
      .orderBy("id")
      .execute();
    expect(moves.at(-1)).toEqual({ before: { status: "QUOTED" }, after: { status: "CANCELLED", quoteWithdrawn: [1] } });
    expect(
      (
        await h.database.db
          .selectFrom("orders")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("quoteId", "=", quote.id)
          .execute()
      )[0]!.n,
    ).toBe(0);
  });

  it("refuses the deposit of an accepted quote once its request is cancelled", async () => {
    const request = await newRequest("en");
    const quote = await writeQuote(request.id, form(9_900), staff);
    const session = await acceptedAtPayment(quote.token);
    const next = await pay(session, { paymentMethod: "BCA", orderId: null }, "en");
    const orderId = new URL(next, "http://x").searchParams.get("order_id")!;
    expect(await changeCustomOrderStatus(request.id, "CANCELLED", "QUOTED", staff)).toBe("CANCELLED");
    await expect(startPayment(orderId, paymentMethodByCode("MANDIRI")!)).rejects.toMatchObject({
      kind: "conflict",
      message: "This request was cancelled by the workshop: the deposit can no longer be paid",
    });
  });

  it("runs an accept and a revision sent at the same moment one after the other: never an order beside a newer open quote", async () => {
    for (let round = 0; round < 4; round++) {
      const request = await newRequest("en");
      const v1 = await writeQuote(request.id, form(9_900), staff);
      const [accepted, revised] = await Promise.allSettled([
        placeQuoteOrder({ quoteId: v1.id, shippingAddress: jakarta, deliveryOption: "LION_PARCEL", paymentMethod: "BCA", locale: "en" }),
        writeQuote(request.id, form(10_500), staff),
      ]);
      // Exactly one of the two happened; the other was refused as a conflict.
      expect([accepted.status, revised.status].sort()).toEqual(["fulfilled", "rejected"]);
      const refused = (accepted.status === "rejected" ? accepted.reason : (revised as PromiseRejectedResult).reason) as { kind: string };
      expect(refused.kind).toBe("conflict");
      const quotes = await h.database.db.selectFrom("customQuotes").selectAll().where("customOrderId", "=", request.id).execute();
      const placed = await h.database.db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("customOrderId", "=", request.id)
        .execute();
      if (accepted.status === "fulfilled") {
        expect(quotes.map((q) => [q.version, q.status])).toEqual([[1, "ACCEPTED"]]);
        expect(placed[0]!.n).toBe(1);
      } else {
        expect(quotes.map((q) => [q.version, q.status]).sort()).toEqual([
          [1, "SUPERSEDED"],
          [2, "SENT"],
        ]);
        expect(placed[0]!.n).toBe(0);
      }
    }
  });

  it("finds a quote by its token only", async () => {
    expect(await quoteByToken("x".repeat(32))).toBeNull();
    expect(await quoteByToken("short")).toBeNull();
    expect(await quoteByToken("' or 1=1 --\u0000")).toBeNull();
    expect(await quoteView("A".repeat(32))).toBeNull();
  });
});

describe("deposit and balance", () => {
  it("pays the deposit from the quote's price (a tampered amount ignored), then the balance by staff's link", async () => {
    const request = await newRequest("en");
    const quote = await writeQuote(request.id, form(20_001), staff);
    const session = await acceptedAtPayment(quote.token);
    // A price written into the checkout changes nothing: every step reads the quote.
    await updateCheckout(session, { priceCents: 1 });
    const step = await paymentStep(session, "en");
    if ("next" in step) throw new Error(step.next);
    const deposit = depositCents(20_001);
    expect(deposit).toBe(10_001);
    expect(step.summary).toMatchObject({ priceCents: 20_001, part: { kind: "DEPOSIT", cents: deposit } });
    expect(step.summary.idr?.amount).toBe(centsToIdr(deposit, step.summary.idr!.rate));

    const next = await pay(session, { paymentMethod: "BCA", orderId: null }, "en");
    expect(next).toMatch(/^\/checkout\/payment-instructions\?order_id=/);
    const orderId = new URL(next, "http://x").searchParams.get("order_id")!;
    const order = (await orderById(orderId))!;
    expect(order).toMatchObject({
      customOrderId: request.id,
      quoteId: quote.id,
      productId: null,
      priceCents: 20_001,
      depositCents: deposit,
      status: "PENDING",
      paymentStatus: "PENDING",
    });
    expect(order.depositIdr).toBe(centsToIdr(deposit, order.usdToIdrRate));
    expect((await readCheckout(session))?.quoteId).toBeNull();
    // The JSON API's amount is ignored too: the attempt charges the deposit.
    const [attempt] = await h.database.db.selectFrom("paymentAttempts").selectAll().where("orderId", "=", orderId).execute();
    expect(attempt).toMatchObject({ part: "DEPOSIT", amount: order.depositIdr, method: "BCA" });
    const viaApi = await createPaymentRequest({ orderId, amount: 1, channelCode: "BCA" }, async () => true);
    expect(h.simulator.paymentRequest(viaApi.xenditPaymentId!)?.request_amount).toBe(order.depositIdr);

    await control(`/payment_requests/${viaApi.xenditPaymentId}/pay`);
    await settled();
    const deposited = (await orderById(orderId))!;
    expect(deposited).toMatchObject({ status: "PROCESSING", paymentStatus: "DEPOSIT_PAID" });
    expect(await requestStatus(request.id)).toBe("IN_PROGRESS");
    expect((await quoteByToken(quote.token))?.state).toBe("accepted");
    expect(await mailsOf(orderId, "deposit-received")).toBe(1);
    expect(await mailsOf(orderId, "payment-confirmed")).toBe(0);

    // The balance waits for staff's link.
    expect(isPayable(deposited)).toBe(false);
    await expect(startPayment(orderId, paymentMethodByCode("BCA")!)).rejects.toMatchObject({ kind: "conflict" });
    const { sent } = await sendBalanceLink(orderId, "nonce-of-the-balance-form-1", staff);
    expect(sent).toBe(true);
    expect((await sendBalanceLink(orderId, "nonce-of-the-balance-form-1", staff)).sent).toBe(false);
    expect(await mailsOf(orderId, "balance-requested")).toBe(1);
    const [mail] = await h.database.db
      .selectFrom("mailOutbox")
      .selectAll()
      .where("orderId", "=", orderId)
      .where("template", "=", "balance-requested")
      .execute();
    expect(mail!.text).toContain(`/orders/${order.accessToken}`);

    const balance = await startPayment(orderId, paymentMethodByCode("BCA")!);
    expect(balance.attempt).toMatchObject({ part: "BALANCE", amount: order.totalIdr - order.depositIdr! });
    await control(`/payment_requests/${balance.attempt.xenditRequestId}/pay`);
    await settled();
    expect(await orderById(orderId)).toMatchObject({ status: "PROCESSING", paymentStatus: "SUCCEEDED" });
    expect(await mailsOf(orderId, "payment-confirmed")).toBe(1);
    // Deposit and balance add up to the order's rupiah exactly.
    const paid = await h.database.db
      .selectFrom("paymentAttempts")
      .selectAll()
      .where("orderId", "=", orderId)
      .where("status", "=", "SUCCEEDED")
      .execute();
    expect(paid.reduce((sum, a) => sum + a.amount, 0)).toBe(order.totalIdr);
    // Fully paid: no more balance links.
    await expect(sendBalanceLink(orderId, "nonce-of-the-balance-form-2", staff)).rejects.toMatchObject({ kind: "conflict" });
  });

  it("refuses the deposit of a placed order once its quote expired", async () => {
    const request = await newRequest("en");
    const quote = await writeQuote(request.id, form(15_000), staff);
    const order = await placeQuoteOrder({
      quoteId: quote.id,
      shippingAddress: jakarta,
      deliveryOption: "LION_PARCEL",
      paymentMethod: "BCA",
      locale: "en",
    });
    await h.database.db
      .updateTable("customQuotes")
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where("id", "=", quote.id)
      .execute();
    await expect(startPayment(order.id, paymentMethodByCode("BCA")!)).rejects.toMatchObject({ kind: "conflict" });
    expect((await quoteByToken(quote.token))?.state).toBe("expired");
    expect(await h.database.db.selectFrom("paymentAttempts").selectAll().where("orderId", "=", order.id).execute()).toEqual([]);
  });

  it("gives a quote one order: a second acceptance is refused", async () => {
    const request = await newRequest("en");
    const quote = await writeQuote(request.id, form(15_000), staff);
    const input = {
      quoteId: quote.id,
      shippingAddress: jakarta,
      deliveryOption: "LION_PARCEL",
      paymentMethod: "BCA",
      locale: "en" as const,
    };
    await placeQuoteOrder(input);
    await expect(placeQuoteOrder(input)).rejects.toMatchObject({ kind: "conflict" });
    await expect(writeQuote(request.id, form(16_000), staff)).rejects.toMatchObject({ kind: "conflict" });
    await expect(withdrawQuote(request.id, quote.id, staff)).rejects.toMatchObject({ kind: "conflict" });
  });

  it("lets no stranger pay another's deposit or balance", async () => {
    const request = await newRequest("en");
    const quote = await writeQuote(request.id, form(15_000), staff);
    const session = await acceptedAtPayment(quote.token);
    const next = await pay(session, { paymentMethod: "BNI", orderId: null }, "en");
    const orderId = new URL(next, "http://x").searchParams.get("order_id")!;
    const stranger = await browser();
    expect(await mayManagePayments(stranger, orderId)).toBe(false);
    const strangerWithSession = await acceptedAtPayment((await writeQuote((await newRequest("en")).id, form(9_000), staff)).token);
    await expect(pay(strangerWithSession, { paymentMethod: "BCA", orderId }, "en")).rejects.toMatchObject({ kind: "invalid" });
    const forged = callerWith({ "x-order-token": "A".repeat(32) });
    expect(await mayManagePayments(forged, orderId)).toBe(false);
    expect(await mayManagePayments(session, orderId)).toBe(true);
  });
});
