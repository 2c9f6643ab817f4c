import { paymentMethodByCode } from "@workshop/domain/payment-methods.ts";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { markPaid } from "#server/admin-orders/order-actions.ts";
import { buildApp } from "#server/app.ts";
import type { Actor } from "#server/audit/actor.ts";
import { seedProducts } from "#server/db/seed/products.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import { orderById } from "#server/orders/queries.ts";
import { TOKEN, usePaymentsHarness } from "#test-support/payments-harness.ts";
import { startPayment } from "./payment-requests.ts";
import { settleRefund } from "./refund-updates.ts";
import { IN_STORE, orderRefunds, refundableAttempts, refundPayment, refundsOf } from "./refunds.ts";
import { receiveWebhook, webhookProcessingIdle } from "./webhooks.ts";

const bali = {
  fullName: "Komang Ayu",
  email: "komang@example.com",
  phone: "+62 361 888",
  addressLine1: "Jl. Monkey Forest 3",
  addressLine2: "",
  city: "Ubud",
  state: "Bali",
  postalCode: "80571",
  country: "Indonesia" as const,
};

const owner: Actor = { staffId: null, label: "owner@workshop.test", role: "owner", ip: "127.0.0.1" };
const staff: Actor = { staffId: null, label: "staff@workshop.test", role: "staff", ip: "127.0.0.1" };

const { h, control, placeOnline, settled } = usePaymentsHarness(bali);

// The shop's own webhook route, for webhooks delivered over HTTP at the same moment.
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({ dev: false, logger: false });
});
afterAll(async () => {
  await app?.close();
});

/** An order paid online with `method`, its payment settled. */
async function paidWith(method = "DANA", locale: "en" | "ru" = "en") {
  const placed =
    locale === "en"
      ? await placeOnline(method)
      : await placeOrder({
          productId: 1,
          selectedSize: seedProducts[0]!.sizes[0]!,
          shippingAddress: bali,
          deliveryOption: "LION_PARCEL",
          paymentMethod: method,
          locale,
        });
  const { attempt } = await startPayment(placed.id, paymentMethodByCode(method)!);
  await control(`/payment_requests/${attempt.xenditRequestId}/pay`);
  await settled();
  const order = (await orderById(placed.id))!;
  expect(order.paymentStatus).toBe("SUCCEEDED");
  const paid = (await h.database.db.selectFrom("paymentAttempts").selectAll().where("id", "=", attempt.id).executeTakeFirst())!;
  return { order, attempt: paid };
}

const refundsAtXendit = (paymentRequestId: string | null) => h.simulator.refunds().filter((r) => r.payment_request_id === paymentRequestId);
const orderRow = async (id: string) => (await h.database.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst())!;
const refundMails = (orderId: string) =>
  h.database.db
    .selectFrom("mailOutbox")
    .selectAll()
    .where("orderId", "=", orderId)
    .where("template", "=", "refund-sent")
    .orderBy("id")
    .execute();
/** A refusal's kind and message. */
const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ kind: "none", message: "resolved" }),
    (e: { kind?: string; message?: string }) => ({ kind: e.kind, message: e.message }),
  );
const rupiah = (n: number) => `Rp ${String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ".")}`;

describe("partial refunds through Xendit", () => {
  it("refunds the delivery, then a goodwill amount, then the rest: never more than was paid, to the rupiah, with a mail each", async () => {
    const { order, attempt } = await paidWith("DANA");
    const refund = (amountUsdCents?: number) =>
      refundPayment({ orderId: order.id, paymentAttemptId: attempt.id, reason: "REQUESTED_BY_CUSTOMER", actor: owner, amountUsdCents });

    // The delivery only.
    const delivery = await refund(order.deliveryCostCents);
    const deliveryIdr = Math.round((order.deliveryCostCents * attempt.amount) / order.totalCents);
    expect(delivery).toMatchObject({ amountUsdCents: order.deliveryCostCents, amount: deliveryIdr, currency: "IDR", way: "XENDIT" });
    expect(refundsAtXendit(attempt.xenditRequestId)).toMatchObject([{ amount: deliveryIdr, currency: "IDR", reference_id: delivery.id }]);
    await settled();
    expect(await orderRow(order.id)).toMatchObject({
      status: "PROCESSING",
      paymentStatus: "SUCCEEDED",
      refundState: "PARTLY_REFUNDED",
      refundedCents: order.deliveryCostCents,
      refundedIdr: deliveryIdr,
    });

    // A goodwill amount: $10.
    const goodwill = await refund(1_000);
    await settled();
    expect((await refundableAttempts(order.id))[0]).toMatchObject({
      refundable: true,
      refundedUsdCents: order.deliveryCostCents + 1_000,
      leftUsdCents: order.totalCents - order.deliveryCostCents - 1_000,
      leftAmount: attempt.amount - deliveryIdr - goodwill.amount,
    });

    // More than is left: refused, nothing written, nothing sent.
    const left = order.totalCents - order.deliveryCostCents - 1_000;
    expect(await refusalOf(refund(left + 1))).toMatchObject({
      kind: "conflict",
      message: expect.stringMatching(/^Only \$[\d,.]+ of this payment is left to refund$/),
    });
    expect(await refundsOf(order.id)).toHaveLength(2);
    expect(refundsAtXendit(attempt.xenditRequestId)).toHaveLength(2);

    // The rest: the refunds add up to the payment exactly, in dollars and in rupiah.
    const rest = await refund();
    expect(rest.amountUsdCents).toBe(left);
    await settled();
    const done = await refundsOf(order.id);
    expect(done.map((r) => r.status)).toEqual(["SUCCEEDED", "SUCCEEDED", "SUCCEEDED"]);
    expect(done.reduce((n, r) => n + r.amount, 0)).toBe(attempt.amount);
    expect(done.reduce((n, r) => n + r.amountUsdCents, 0)).toBe(order.totalCents);
    expect(refundsAtXendit(attempt.xenditRequestId).reduce((n, r) => n + r.amount, 0)).toBe(attempt.amount);
    expect(await orderRow(order.id)).toMatchObject({
      status: "PROCESSING",
      paymentStatus: "SUCCEEDED",
      refundState: "REFUNDED",
      refundedCents: order.totalCents,
      refundedIdr: order.totalIdr,
    });
    expect(await refusalOf(refund())).toEqual({ kind: "conflict", message: "This payment has already been refunded" });
    expect(await refusalOf(refund(1))).toEqual({ kind: "conflict", message: "This payment has already been refunded" });

    // One mail per refund, in the order's language: the amount in dollars and in the rupiah paid, how, when.
    const mails = await refundMails(order.id);
    expect(mails).toHaveLength(3);
    expect(mails[0]).toMatchObject({ subject: `Refund for order ${order.orderNumber}`, to: bali.email, locale: "en" });
    const usd = (cents: number) => `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
    expect(mails[0]!.text).toContain(`${usd(order.deliveryCostCents)} (${rupiah(deliveryIdr)})`);
    expect(mails[0]!.text).toContain("the way you paid: DANA");
    expect(mails[0]!.text).toContain("within 5–7 business days");
    expect(mails[2]!.text).toContain(`${usd(left)} (${rupiah(rest.amount)})`);
    expect(mails[2]!.text).toContain(`Refunded so far: ${usd(order.totalCents)} (${rupiah(order.totalIdr)})`);
  });

  it("takes one Xendit refund of a payment at a time, and refunds LinkAja only in full", async () => {
    const { order, attempt } = await paidWith("QRIS");
    await control("/refunds/outcome", { status: "PENDING" });
    const first = await refundPayment({
      orderId: order.id,
      paymentAttemptId: attempt.id,
      reason: "OTHERS",
      actor: owner,
      amountUsdCents: 500,
    });
    expect(first.status).toBe("PENDING");
    expect(await orderRow(order.id)).toMatchObject({ refundState: "REFUND_PENDING", refundedCents: 0 });
    expect(
      await refusalOf(
        refundPayment({ orderId: order.id, paymentAttemptId: attempt.id, reason: "OTHERS", actor: owner, amountUsdCents: 500 }),
      ),
    ).toEqual({ kind: "conflict", message: "This payment already has a refund in progress" });
    await control("/refunds/outcome", { status: "SUCCEEDED" });
    await control(`/refunds/${first.xenditRefundId}/succeed`);
    await settled();
    await refundPayment({ orderId: order.id, paymentAttemptId: attempt.id, reason: "OTHERS", actor: owner, amountUsdCents: 500 });
    await settled();
    expect(await orderRow(order.id)).toMatchObject({ refundState: "PARTLY_REFUNDED", refundedCents: 1_000 });

    const linkAja = await paidWith("LINKAJA");
    const part = () =>
      refundPayment({
        orderId: linkAja.order.id,
        paymentAttemptId: linkAja.attempt.id,
        reason: "OTHERS",
        actor: owner,
        amountUsdCents: 700,
      });
    expect(await refusalOf(part())).toEqual({
      kind: "conflict",
      message: "Xendit refunds LINKAJA payments only in full: leave the amount out, or record a refund made by hand",
    });
    expect(refundsAtXendit(linkAja.attempt.xenditRequestId)).toHaveLength(0);
    const whole = await refundPayment({ orderId: linkAja.order.id, paymentAttemptId: linkAja.attempt.id, reason: "OTHERS", actor: owner });
    expect(whole).toMatchObject({ amount: linkAja.attempt.amount, amountUsdCents: linkAja.order.totalCents });
  });
});

describe("refunds made by hand", () => {
  it("records a bank transfer for a virtual account (Xendit cannot refund it), and cash back in the showroom, each mailed", async () => {
    const { order, attempt } = await paidWith("BCA");
    expect((await refundableAttempts(order.id))[0]).toMatchObject({
      xendit: "none",
      refundable: false,
      blockedBy: "channel-not-supported",
      byHand: true,
    });
    expect(
      await refusalOf(refundPayment({ orderId: order.id, paymentAttemptId: attempt.id, reason: "REQUESTED_BY_CUSTOMER", actor: owner })),
    ).toMatchObject({ kind: "conflict", message: expect.stringContaining("Xendit cannot refund BCA payments") });

    const arrivesBy = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const transfer = await refundPayment({
      orderId: order.id,
      paymentAttemptId: attempt.id,
      reason: "REQUESTED_BY_CUSTOMER",
      actor: owner,
      amountUsdCents: 2_500,
      way: "BANK_TRANSFER",
      reference: "BCA TRF 0045 1182",
      arrivesBy,
      note: "Goodwill: the box arrived dented",
    });
    expect(transfer).toMatchObject({
      way: "BANK_TRANSFER",
      status: "SUCCEEDED",
      reference: "BCA TRF 0045 1182",
      arrivesBy,
      amountUsdCents: 2_500,
      refundedAt: expect.any(Date),
    });
    expect(h.simulator.refunds().filter((r) => r.reference_id === transfer.id)).toHaveLength(0);
    expect(await orderRow(order.id)).toMatchObject({ refundState: "PARTLY_REFUNDED", refundedCents: 2_500, refundedIdr: transfer.amount });
    const [mail] = await refundMails(order.id);
    expect(mail!.text).toContain("by bank transfer");
    expect(mail!.text).toContain("Reference: BCA TRF 0045 1182");
    const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${arrivesBy}T00:00:00Z`));
    expect(mail!.text).toContain(`It should reach your account by ${day}.`);

    // A cash order paid in the workshop, refunded there in full, in Russian.
    const cash = await placeOrder({
      productId: 1,
      selectedSize: seedProducts[0]!.sizes[0]!,
      shippingAddress: bali,
      deliveryOption: "PICKUP",
      paymentMethod: "CASH_IN_STORE",
      locale: "ru",
    });
    await markPaid(cash.id, staff);
    expect(await refundableAttempts(cash.id)).toMatchObject([
      { paymentAttemptId: IN_STORE, attempt: 0, method: "CASH_IN_STORE", xendit: "none", byHand: true, leftUsdCents: cash.totalCents },
    ]);
    const back = await refundPayment({
      orderId: cash.id,
      paymentAttemptId: IN_STORE,
      reason: "REQUESTED_BY_CUSTOMER",
      actor: owner,
      way: "CASH",
      reference: "Receipt 118",
    });
    expect(back).toMatchObject({ paymentAttemptId: IN_STORE, amount: cash.totalIdr, amountUsdCents: cash.totalCents, status: "SUCCEEDED" });
    expect(await orderRow(cash.id)).toMatchObject({ status: "PROCESSING", paymentStatus: "SUCCEEDED", refundState: "REFUNDED" });
    const [ru] = await refundMails(cash.id);
    expect(ru).toMatchObject({ locale: "ru", subject: `Возврат по заказу ${cash.orderNumber}` });
    expect(ru!.text).toContain("наличными в нашей мастерской");
    expect(ru!.text).toContain(rupiah(cash.totalIdr));
  });

  it("records a bank transfer, then cash, for a payment at an Indomaret or Alfamart till (Xendit cannot refund it), the references kept", async () => {
    const { order, attempt } = await paidWith("INDOMARET");
    expect(attempt).toMatchObject({ method: "INDOMARET", channelCode: "INDOMARET", status: "SUCCEEDED" });
    expect((await refundableAttempts(order.id))[0]).toMatchObject({
      method: "INDOMARET",
      xendit: "none",
      refundable: false,
      blockedBy: "channel-not-supported",
      byHand: true,
      leftUsdCents: order.totalCents,
      leftAmount: attempt.amount,
    });
    expect(
      await refusalOf(refundPayment({ orderId: order.id, paymentAttemptId: attempt.id, reason: "REQUESTED_BY_CUSTOMER", actor: owner })),
    ).toMatchObject({ kind: "conflict", message: expect.stringContaining("Xendit cannot refund INDOMARET payments") });

    // Part of it by bank transfer: the customer paid cash at the till, so gives an account to send it to.
    const arrivesBy = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const transfer = await refundPayment({
      orderId: order.id,
      paymentAttemptId: attempt.id,
      reason: "REQUESTED_BY_CUSTOMER",
      actor: owner,
      amountUsdCents: 1_200,
      way: "BANK_TRANSFER",
      reference: "MANDIRI TRF 5520 0917",
      arrivesBy,
    });
    expect(transfer).toMatchObject({
      way: "BANK_TRANSFER",
      status: "SUCCEEDED",
      reference: "MANDIRI TRF 5520 0917",
      arrivesBy,
      amountUsdCents: 1_200,
      amount: Math.round((1_200 * attempt.amount) / order.totalCents),
      currency: "IDR",
      method: "INDOMARET",
    });
    expect(await orderRow(order.id)).toMatchObject({ refundState: "PARTLY_REFUNDED", refundedCents: 1_200, refundedIdr: transfer.amount });

    // The rest in cash at the workshop: the two add up to what was paid at the till, to the rupiah.
    const rest = await refundPayment({
      orderId: order.id,
      paymentAttemptId: attempt.id,
      reason: "REQUESTED_BY_CUSTOMER",
      actor: owner,
      way: "CASH",
      reference: "Receipt 207",
    });
    expect(rest).toMatchObject({ way: "CASH", status: "SUCCEEDED", reference: "Receipt 207", arrivesBy: null });
    expect(rest.amountUsdCents).toBe(order.totalCents - 1_200);
    expect(rest.amount).toBe(attempt.amount - transfer.amount);
    const rows = await refundsOf(order.id);
    expect(rows.map((r) => [r.way, r.reference])).toEqual([
      ["CASH", "Receipt 207"],
      ["BANK_TRANSFER", "MANDIRI TRF 5520 0917"],
    ]);
    expect(rows.reduce((n, r) => n + r.amount, 0)).toBe(attempt.amount);
    expect(rows.reduce((n, r) => n + r.amountUsdCents, 0)).toBe(order.totalCents);
    expect(await orderRow(order.id)).toMatchObject({
      status: "PROCESSING",
      paymentStatus: "SUCCEEDED",
      refundState: "REFUNDED",
      refundedCents: order.totalCents,
      refundedIdr: order.totalIdr,
    });
    expect((await refundableAttempts(order.id))[0]).toMatchObject({ leftUsdCents: 0, leftAmount: 0, byHand: false, blockedBy: "refunded" });
    expect(h.simulator.refunds().filter((r) => r.payment_request_id === attempt.xenditRequestId)).toHaveLength(0);
    const mails = await refundMails(order.id);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain("by bank transfer");
    expect(mails[0]!.text).toContain("Reference: MANDIRI TRF 5520 0917");
    expect(mails[1]!.text).toContain("Reference: Receipt 207");
    expect(mails[1]!.text).toContain(
      `Refunded so far: $${Math.floor(order.totalCents / 100)}.${String(order.totalCents % 100).padStart(2, "0")}`,
    );

    // Alfamart: the same, in full by bank transfer.
    const alfa = await paidWith("ALFAMART");
    expect((await refundableAttempts(alfa.order.id))[0]).toMatchObject({ method: "ALFAMART", xendit: "none", byHand: true });
    const whole = await refundPayment({
      orderId: alfa.order.id,
      paymentAttemptId: alfa.attempt.id,
      reason: "OTHERS",
      actor: owner,
      way: "BANK_TRANSFER",
      reference: "BRI TRF 0031",
      arrivesBy,
    });
    expect(whole).toMatchObject({
      amount: alfa.attempt.amount,
      amountUsdCents: alfa.order.totalCents,
      reference: "BRI TRF 0031",
      method: "ALFAMART",
    });
    expect(await orderRow(alfa.order.id)).toMatchObject({
      refundState: "REFUNDED",
      refundedCents: alfa.order.totalCents,
      refundedIdr: alfa.order.totalIdr,
    });
  });
});

describe("a payment of the wrong amount that Xendit cannot refund", () => {
  it("is refunded by hand, in full: what Xendit collected, read from Xendit", async () => {
    const order = await placeOnline("BNI");
    const { attempt } = await startPayment(order.id, paymentMethodByCode("BNI")!);
    const paid = order.totalIdr - 2_000;
    await control(`/payment_requests/${attempt.xenditRequestId}/pay`, { amount: paid });
    await settled();
    expect((await refundableAttempts(order.id))[0]).toMatchObject({
      cause: "wrong-amount",
      xendit: "none",
      blockedBy: "channel-not-supported",
      byHand: true,
    });
    const ask = (over: Partial<Parameters<typeof refundPayment>[0]>) =>
      refundPayment({
        orderId: order.id,
        paymentAttemptId: attempt.id,
        reason: "OTHERS",
        actor: owner,
        way: "BANK_TRANSFER",
        reference: "BNI TRF 7731",
        arrivesBy: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
        ...over,
      });
    // Only in full, as Xendit collected it.
    expect(await refusalOf(ask({ amountUsdCents: 1_000 }))).toEqual({
      kind: "conflict",
      message: "A payment of the wrong amount is refunded in full: leave the amount out",
    });
    const back = await ask({});
    expect(back).toMatchObject({ way: "BANK_TRANSFER", status: "SUCCEEDED", amount: paid, currency: "IDR", reference: "BNI TRF 7731" });
    expect(back.amountUsdCents).toBe(Math.round((paid * order.totalCents) / order.totalIdr));
    expect(refundsAtXendit(attempt.xenditRequestId)).toHaveLength(0);
    expect((await refundableAttempts(order.id))[0]).toMatchObject({ leftUsdCents: 0, byHand: false, blockedBy: "refunded" });
    expect(await refusalOf(ask({}))).toEqual({ kind: "conflict", message: "This payment has already been refunded" });
    expect(await refundMails(order.id)).toHaveLength(1);
  });
});

describe("two owners at once", () => {
  it("never refund more than a payment took: refunds by hand of 40 % each, eight at once, two pass", async () => {
    const { order, attempt } = await paidWith("BNI");
    const part = Math.floor(order.totalCents * 0.4);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        refundPayment({
          orderId: order.id,
          paymentAttemptId: attempt.id,
          reason: "REQUESTED_BY_CUSTOMER",
          actor: owner,
          amountUsdCents: part,
          way: "CASH",
          reference: `Receipt ${i}`,
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const r of results.filter((r) => r.status === "rejected"))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ kind: "conflict", message: expect.stringMatching(/^Only \$/) });
    const rows = await refundsOf(order.id);
    expect(rows).toHaveLength(2);
    expect(rows.reduce((n, r) => n + r.amount, 0)).toBeLessThanOrEqual(attempt.amount);
    expect(await orderRow(order.id)).toMatchObject({ refundState: "PARTLY_REFUNDED", refundedCents: 2 * part });
  });

  it("send one Xendit refund of a payment when both ask at the same moment", async () => {
    const { order, attempt } = await paidWith("SHOPEEPAY");
    // Xendit keeps the refund under way until told: on a busy machine one request may reach the
    // order's lock only after a refund settled in milliseconds, and so be a later refund, allowed.
    await control("/refunds/outcome", { status: "PENDING" });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        refundPayment({ orderId: order.id, paymentAttemptId: attempt.id, reason: "OTHERS", actor: owner, amountUsdCents: 3_000 }),
      ),
    );
    await control("/refunds/outcome", { status: "SUCCEEDED" });
    const made = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    expect(made).toHaveLength(1);
    await control(`/refunds/${made[0]!.xenditRefundId}/succeed`);
    await settled();
    expect(refundsAtXendit(attempt.xenditRequestId)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ refundState: "PARTLY_REFUNDED", refundedCents: 3_000 });
  });
});

describe("Xendit's refund webhooks, in any order", () => {
  const post = async (event: "refund.succeeded" | "refund.failed", data: object) => {
    const body = { event, business_id: "b", created: new Date().toISOString(), data };
    expect((await receiveWebhook(TOKEN, JSON.stringify(body), null)).status).toBe(200);
    await webhookProcessingIdle();
  };

  it("settle a refund once: succeeded before the create answer, then the late answer; duplicates change nothing", async () => {
    const { order, attempt } = await paidWith("DANA");
    await control("/refunds/outcome", { status: "PENDING" });
    const refund = await refundPayment({
      orderId: order.id,
      paymentAttemptId: attempt.id,
      reason: "OTHERS",
      actor: owner,
      amountUsdCents: 1_500,
    });
    await control("/refunds/outcome", { status: "SUCCEEDED" });
    // As if the create answer were still on its way: the row knows no Xendit id yet.
    await h.database.db.updateTable("refunds").set({ status: "CREATING", xenditRefundId: null }).where("id", "=", refund.id).execute();
    const atXendit = { ...h.simulator.refund(refund.xenditRefundId!)!, status: "SUCCEEDED" };
    await post("refund.succeeded", atXendit);
    await post("refund.succeeded", atXendit);
    expect(await refundsOf(order.id)).toMatchObject([{ id: refund.id, status: "SUCCEEDED", xenditRefundId: refund.xenditRefundId }]);
    // The create answer arrives late (PENDING): a settled refund stays settled.
    await h.database.db.transaction().execute((tx) =>
      settleRefund(
        tx,
        {
          xenditRefundId: refund.xenditRefundId,
          referenceId: refund.id,
          status: "PENDING",
          failureCode: null,
          amount: refund.amount,
          currency: "IDR",
        },
        refund.id,
      ),
    );
    await post("refund.failed", { ...atXendit, status: "FAILED", failure_code: "REFUND_FAILED" });
    expect(await refundsOf(order.id)).toMatchObject([{ status: "SUCCEEDED" }]);
    expect(await refundMails(order.id)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ refundState: "PARTLY_REFUNDED", refundedCents: 1_500 });
  });

  it("let a failed refund give its amount back, and a success after a failure take it again", async () => {
    const { order, attempt } = await paidWith("DANA");
    await control("/refunds/outcome", { status: "PENDING" });
    const refund = await refundPayment({
      orderId: order.id,
      paymentAttemptId: attempt.id,
      reason: "OTHERS",
      actor: owner,
      amountUsdCents: 4_000,
    });
    await control("/refunds/outcome", { status: "SUCCEEDED" });
    const atXendit = h.simulator.refund(refund.xenditRefundId!)!;
    await post("refund.failed", { ...atXendit, status: "FAILED", failure_code: "INSUFFICIENT_BALANCE" });
    expect(await refundsOf(order.id)).toMatchObject([{ status: "FAILED", failureCode: "INSUFFICIENT_BALANCE" }]);
    expect(await orderRow(order.id)).toMatchObject({ refundState: "REFUND_FAILED", refundedCents: 0 });
    expect((await refundableAttempts(order.id))[0]).toMatchObject({
      leftUsdCents: order.totalCents,
      leftAmount: attempt.amount,
      refundable: true,
    });
    expect(await refundMails(order.id)).toHaveLength(0);

    // Xendit then says it succeeded after all: the money went out, so it counts (and is mailed) once.
    await post("refund.succeeded", { ...atXendit, status: "SUCCEEDED" });
    await post("refund.succeeded", { ...atXendit, status: "SUCCEEDED" });
    expect(await refundsOf(order.id)).toMatchObject([{ status: "SUCCEEDED", failureCode: null }]);
    expect(await orderRow(order.id)).toMatchObject({ refundState: "PARTLY_REFUNDED", refundedCents: 4_000 });
    expect((await refundableAttempts(order.id))[0]).toMatchObject({ leftUsdCents: order.totalCents - 4_000 });
    expect(await refundMails(order.id)).toHaveLength(1);
  });
});

describe("refund webhooks delivered twice, or two at the same moment", () => {
  /** A refund webhook as Xendit sends it (the body the simulator sends, its callback token), POSTed to the shop's route. */
  const deliver = async (event: "refund.succeeded" | "refund.failed", data: object) => {
    const response = await app.inject({
      method: "POST",
      url: "/api/xendit/webhook",
      headers: { "content-type": "application/json", "x-callback-token": TOKEN },
      payload: JSON.stringify({ event, business_id: "b", created: new Date().toISOString(), data }),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { received: true; duplicate: boolean };
  };
  /** The refund's stored events, oldest first. */
  const eventsOf = (xenditRefundId: string) =>
    h.database.db
      .selectFrom("xenditEvents")
      .select(["event", "outcome", "flag", "processedAt"])
      .where("dedupeKey", "in", [`refund.succeeded:${xenditRefundId}`, `refund.failed:${xenditRefundId}`])
      .orderBy("id")
      .execute();
  const mailsOf = async (orderId: string) =>
    (await h.database.db.selectFrom("mailOutbox").select("template").where("orderId", "=", orderId).orderBy("id").execute()).map(
      (m) => m.template,
    );
  const refundRow = (id: string) => h.database.db.selectFrom("refunds").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  /** An order paid with DANA and a refund of part of it that Xendit has taken (PENDING) and not yet spoken of. */
  async function pendingRefund(amountUsdCents: number) {
    const { order, attempt } = await paidWith("DANA");
    await control("/refunds/outcome", { status: "PENDING" });
    const refund = await refundPayment({ orderId: order.id, paymentAttemptId: attempt.id, reason: "OTHERS", actor: owner, amountUsdCents });
    await control("/refunds/outcome", { status: "SUCCEEDED" });
    expect(refund.status).toBe("PENDING");
    return { order, attempt, refund, xenditRefundId: refund.xenditRefundId! };
  }

  /** Settles the refund at Xendit without its webhook reaching the shop: the test delivers it itself. */
  async function settleAtXendit(xenditRefundId: string, outcome: "succeed" | "fail") {
    await control("/webhooks", { paused: true });
    await control(`/refunds/${xenditRefundId}/${outcome}`, outcome === "fail" ? { failure_code: "INSUFFICIENT_BALANCE" } : {});
    await fetch(`${h.simulator.url}/_control/webhooks/pending`, { method: "DELETE" });
    await control("/webhooks", { paused: false });
    return h.simulator.refund(xenditRefundId)!;
  }

  it("settle a refund.failed delivered twice once: one failure, no mail, its amount given back once", async () => {
    const { order, attempt, refund, xenditRefundId } = await pendingRefund(4_000);
    const failed = await settleAtXendit(xenditRefundId, "fail");
    expect(failed).toMatchObject({ status: "FAILED", failure_code: "INSUFFICIENT_BALANCE" });
    const mailsBefore = await mailsOf(order.id);

    expect(await deliver("refund.failed", failed)).toEqual({ received: true, duplicate: false });
    await settled();
    const once = await refundRow(refund.id);
    expect(once).toMatchObject({ status: "FAILED", failureCode: "INSUFFICIENT_BALANCE", refundedAt: null });

    // Xendit's retry of the same event: taken (200), stored once, and the row is not touched again.
    expect(await deliver("refund.failed", failed)).toEqual({ received: true, duplicate: true });
    await settled();
    expect(await refundRow(refund.id)).toEqual(once);
    expect(await eventsOf(xenditRefundId)).toEqual([
      { event: "refund.failed", outcome: "applied", flag: null, processedAt: expect.any(Date) },
    ]);
    expect(await mailsOf(order.id)).toEqual(mailsBefore);
    expect(await orderRow(order.id)).toMatchObject({ refundState: "REFUND_FAILED", refundedCents: 0, refundedIdr: 0 });
    // Its amount is back once: all of the payment is left to refund, not more.
    expect((await refundableAttempts(order.id))[0]).toMatchObject({
      leftUsdCents: order.totalCents,
      leftAmount: attempt.amount,
      refundable: true,
    });
    const again = await refundPayment({ orderId: order.id, paymentAttemptId: attempt.id, reason: "OTHERS", actor: owner });
    expect(again).toMatchObject({ amount: attempt.amount, amountUsdCents: order.totalCents });
    await settled();
    expect(await orderRow(order.id)).toMatchObject({
      refundState: "REFUNDED",
      refundedCents: order.totalCents,
      refundedIdr: order.totalIdr,
    });
    expect(await refundMails(order.id)).toHaveLength(1);
  });

  it("settle a refund once when the same refund.succeeded comes twice at the same moment", async () => {
    const { order, attempt, refund, xenditRefundId } = await pendingRefund(1_500);
    const succeeded = await settleAtXendit(xenditRefundId, "succeed");
    const answers = await Promise.all([deliver("refund.succeeded", succeeded), deliver("refund.succeeded", succeeded)]);
    expect(answers.map((a) => a.duplicate).sort()).toEqual([false, true]);
    await settled();

    expect(await eventsOf(xenditRefundId)).toEqual([
      { event: "refund.succeeded", outcome: "applied", flag: null, processedAt: expect.any(Date) },
    ]);
    expect(await refundRow(refund.id)).toMatchObject({ status: "SUCCEEDED", failureCode: null, refundedAt: expect.any(Date) });
    expect(await refundMails(order.id)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ refundState: "PARTLY_REFUNDED", refundedCents: 1_500, refundedIdr: refund.amount });
    expect((await refundableAttempts(order.id))[0]).toMatchObject({
      refundedUsdCents: 1_500,
      refundedAmount: refund.amount,
      leftUsdCents: order.totalCents - 1_500,
      leftAmount: attempt.amount - refund.amount,
    });
  });

  it("settle a refund once as succeeded when its refund.succeeded and a refund.failed come at the same moment, in either order", async () => {
    // Two refunds, the two webhooks sent in both orders: whichever the shop stores first, the success wins.
    const one = await pendingRefund(2_000);
    const two = await pendingRefund(2_500);
    const raced = await Promise.all(
      [
        { ...one, first: "refund.succeeded" as const, second: "refund.failed" as const },
        { ...two, first: "refund.failed" as const, second: "refund.succeeded" as const },
      ].map(async (c) => {
        const atXendit = h.simulator.refund(c.xenditRefundId)!;
        const body = (event: "refund.succeeded" | "refund.failed") =>
          event === "refund.succeeded"
            ? { ...atXendit, status: "SUCCEEDED" }
            : { ...atXendit, status: "FAILED", failure_code: "REFUND_FAILED" };
        const answers = await Promise.all([deliver(c.first, body(c.first)), deliver(c.second, body(c.second))]);
        expect(answers.map((a) => a.duplicate)).toEqual([false, false]);
        return c;
      }),
    );
    await settled();

    for (const { order, attempt, refund, xenditRefundId } of raced) {
      expect(await refundRow(refund.id)).toMatchObject({ status: "SUCCEEDED", failureCode: null, refundedAt: expect.any(Date) });
      // Both stored and applied oldest first: the success is applied once; a failure after it changes nothing.
      const events = await eventsOf(xenditRefundId);
      expect(events).toHaveLength(2);
      expect(events.every((e) => e.processedAt !== null && e.flag === null)).toBe(true);
      expect(events.find((e) => e.event === "refund.succeeded")!.outcome).toBe("applied");
      expect(events.find((e) => e.event === "refund.failed")!.outcome).toBe(events[0]!.event === "refund.failed" ? "applied" : "ignored");
      expect(await refundMails(order.id)).toHaveLength(1);
      expect(await mailsOf(order.id)).not.toContain("shop-payment-flagged");
      expect(await orderRow(order.id)).toMatchObject({
        refundState: "PARTLY_REFUNDED",
        refundedCents: refund.amountUsdCents,
        refundedIdr: refund.amount,
      });
      expect(await orderRefunds(order.id)).toMatchObject({
        money: {
          state: "PARTLY_REFUNDED",
          refundedUsdCents: refund.amountUsdCents,
          refundedAmount: refund.amount,
          overRefundedUsdCents: 0,
        },
      });
      expect((await refundableAttempts(order.id))[0]).toMatchObject({
        leftUsdCents: order.totalCents - refund.amountUsdCents,
        leftAmount: attempt.amount - refund.amount,
      });
    }
  });

  it("settle a refund once when two instances apply its success and a failure at the same moment", async () => {
    const { order, refund, xenditRefundId } = await pendingRefund(3_000);
    const atXendit = h.simulator.refund(xenditRefundId)!;
    const update = (status: "SUCCEEDED" | "FAILED") => ({
      xenditRefundId,
      referenceId: refund.id,
      status,
      failureCode: status === "FAILED" ? "REFUND_FAILED" : null,
      amount: atXendit.amount,
      currency: atXendit.currency,
    });
    // Each in its own transaction, as two processes sharing the database would: the order's lock puts one after the other.
    const outcomes = await Promise.all(
      (["SUCCEEDED", "FAILED"] as const).map((status) =>
        h.database.db.transaction().execute(async (tx) => (await settleRefund(tx, update(status))).outcome),
      ),
    );
    expect(outcomes[0]).toBe("applied");
    expect(await refundRow(refund.id)).toMatchObject({ status: "SUCCEEDED", failureCode: null, refundedAt: expect.any(Date) });
    expect(await refundMails(order.id)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ refundState: "PARTLY_REFUNDED", refundedCents: 3_000, refundedIdr: refund.amount });
  });
});

describe("the order's refund state when money comes in after a refund", () => {
  it("follows a payment made twice and one of the wrong amount that Xendit reports after the refund", async () => {
    const order = await placeOnline("DANA");
    const one = await startPayment(order.id, paymentMethodByCode("DANA")!);
    // Three payments made at once, in three tabs: Xendit tells of the first, then of the others later.
    await control("/webhooks", { paused: true });
    await control(`/payment_requests/${one.attempt.xenditRequestId}/pay`);
    const two = await startPayment(order.id, paymentMethodByCode("SHOPEEPAY")!);
    await control(`/payment_requests/${two.attempt.xenditRequestId}/pay`);
    const three = await startPayment(order.id, paymentMethodByCode("QRIS")!);
    await control(`/payment_requests/${three.attempt.xenditRequestId}/pay`, { amount: order.totalIdr - 5_000 });
    await fetch(`${h.simulator.url}/_control/webhooks/pending`, { method: "DELETE" });
    await control("/webhooks", { paused: false });
    const tell = async (attempt: { xenditRequestId: string | null }) => {
      await control(`/payment_requests/${attempt.xenditRequestId}/events`, { events: [{ event: "payment.capture" }] });
      await settled();
    };
    await tell(one.attempt);
    await refundPayment({ orderId: order.id, paymentAttemptId: one.attempt.id, reason: "OTHERS", actor: owner, amountUsdCents: 1_000 });
    await settled();
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "SUCCEEDED", refundState: "PARTLY_REFUNDED" });

    // Paid twice: the order holds more than its price, the $10 given back came out of the extra.
    await tell(two.attempt);
    const stored = async () => ({ stored: (await orderRow(order.id)).refundState, rule: (await orderRefunds(order.id))!.money.state });
    expect(await stored()).toEqual({ stored: null, rule: null });
    // The second payment refunded in full: the order keeps its price less the $10.
    await refundPayment({ orderId: order.id, paymentAttemptId: two.attempt.id, reason: "DUPLICATE", actor: owner });
    await settled();
    expect(await stored()).toEqual({ stored: "PARTLY_REFUNDED", rule: "PARTLY_REFUNDED" });
    // A third payment, of the wrong amount, flagged when Xendit tells of it.
    await tell(three.attempt);
    expect(await stored()).toEqual({ stored: null, rule: null });
  });

  it("follows a custom hat's balance paid in the workshop after its deposit was refunded", async () => {
    const cash = await placeOrder({
      productId: 1,
      selectedSize: seedProducts[0]!.sizes[0]!,
      shippingAddress: bali,
      deliveryOption: "PICKUP",
      paymentMethod: "CASH_IN_STORE",
      locale: "en",
    });
    const depositCents = Math.floor(cash.totalCents / 2);
    await h.database.db
      .updateTable("orders")
      .set({ depositCents, depositIdr: Math.floor(cash.totalIdr / 2) })
      .where("id", "=", cash.id)
      .execute();
    await markPaid(cash.id, staff);
    await refundPayment({
      orderId: cash.id,
      paymentAttemptId: IN_STORE,
      reason: "REQUESTED_BY_CUSTOMER",
      actor: owner,
      way: "CASH",
      reference: "Receipt 40",
    });
    expect(await orderRow(cash.id)).toMatchObject({ paymentStatus: "DEPOSIT_PAID", refundState: "REFUNDED", refundedCents: depositCents });
    // The customer changes their mind and pays it all at the workshop.
    await markPaid(cash.id, staff);
    expect(await orderRow(cash.id)).toMatchObject({ paymentStatus: "SUCCEEDED", refundState: "PARTLY_REFUNDED" });
    expect((await orderRefunds(cash.id))!.money.state).toBe("PARTLY_REFUNDED");
  });
});

describe("a refund that failed", () => {
  it("says Refund failed while its payment has money left and no refund of it came after the failure, whatever was created before", async () => {
    const { order, attempt } = await paidWith("DANA");
    await control("/refunds/outcome", { status: "PENDING" });
    const refund = await refundPayment({
      orderId: order.id,
      paymentAttemptId: attempt.id,
      reason: "OTHERS",
      actor: owner,
      amountUsdCents: 4_000,
    });
    await control("/refunds/outcome", { status: "SUCCEEDED" });
    // While Xendit works on it, $10 is handed back in the showroom: a refund created after the first.
    await refundPayment({
      orderId: order.id,
      paymentAttemptId: attempt.id,
      reason: "REQUESTED_BY_CUSTOMER",
      actor: owner,
      amountUsdCents: 1_000,
      way: "CASH",
      reference: "Receipt 12",
    });
    await control(`/refunds/${refund.xenditRefundId}/fail`, { failure_code: "INSUFFICIENT_BALANCE" });
    await settled();
    expect(await orderRow(order.id)).toMatchObject({ refundState: "REFUND_FAILED", refundedCents: 1_000 });
    expect((await orderRefunds(order.id))!.money.state).toBe("REFUND_FAILED");

    // The owner deals with it: a refund of that payment made after the failure.
    await refundPayment({ orderId: order.id, paymentAttemptId: attempt.id, reason: "OTHERS", actor: owner, amountUsdCents: 4_000 });
    await settled();
    expect(await orderRow(order.id)).toMatchObject({ refundState: "PARTLY_REFUNDED", refundedCents: 5_000 });
  });
});

describe("a success after a failure that takes a payment past what it took", () => {
  const post = async (event: "refund.succeeded" | "refund.failed", data: object) => {
    const body = { event, business_id: "b", created: new Date().toISOString(), data };
    expect((await receiveWebhook(TOKEN, JSON.stringify(body), null)).status).toBe(200);
    await webhookProcessingIdle();
  };

  it("still counts (the money went out), and is flagged loudly to the owners", async () => {
    const { order, attempt } = await paidWith("DANA");
    await control("/refunds/outcome", { status: "PENDING" });
    const refund = await refundPayment({
      orderId: order.id,
      paymentAttemptId: attempt.id,
      reason: "OTHERS",
      actor: owner,
      amountUsdCents: 4_000,
    });
    await control("/refunds/outcome", { status: "SUCCEEDED" });
    const atXendit = h.simulator.refund(refund.xenditRefundId!)!;
    await post("refund.failed", { ...atXendit, status: "FAILED", failure_code: "INSUFFICIENT_BALANCE" });
    // Meanwhile the owner gives it all back in the showroom.
    await refundPayment({
      orderId: order.id,
      paymentAttemptId: attempt.id,
      reason: "REQUESTED_BY_CUSTOMER",
      actor: owner,
      way: "CASH",
      reference: "Receipt 31",
    });
    expect((await orderRefunds(order.id))!.money).toMatchObject({ refundedUsdCents: order.totalCents, overRefundedUsdCents: 0 });

    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await post("refund.succeeded", { ...atXendit, status: "SUCCEEDED" });
      expect(errors).toHaveBeenCalledWith(expect.stringContaining(`Refund ${refund.id} of order ${order.orderNumber}`));
      expect(errors.mock.calls.flat().join("\n")).toContain("$40.00 more than the payment took");
    } finally {
      errors.mockRestore();
    }
    expect(await refundsOf(order.id)).toMatchObject([
      { way: "CASH", status: "SUCCEEDED" },
      { id: refund.id, status: "SUCCEEDED" },
    ]);
    expect((await orderRefunds(order.id))!.money).toMatchObject({
      state: "REFUNDED",
      refundedUsdCents: order.totalCents + 4_000,
      overRefundedUsdCents: 4_000,
    });
    const event = await h.database.db
      .selectFrom("xenditEvents")
      .selectAll()
      .where("dedupeKey", "=", `refund.succeeded:${atXendit.id}`)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ outcome: "applied", flag: expect.stringMatching(/^over-refunded/) });
  });
});

describe("refusals", () => {
  it("refuse staff, bad amounts and another order's payment, and change nothing", async () => {
    const { order, attempt } = await paidWith("DANA");
    const other = await paidWith("DANA");
    const ask = (over: Partial<Parameters<typeof refundPayment>[0]>) =>
      refusalOf(refundPayment({ orderId: order.id, paymentAttemptId: attempt.id, reason: "OTHERS", actor: owner, ...over }));
    expect(await ask({ actor: staff })).toEqual({ kind: "forbidden", message: "Only an owner may refund a payment" });
    for (const amountUsdCents of [0, -100, 10.5, 1e12, Number.NaN, "500", true])
      expect(await ask({ amountUsdCents })).toMatchObject({ kind: "invalid", message: expect.stringContaining("amountUsdCents") });
    expect(await ask({ paymentAttemptId: other.attempt.id })).toEqual({
      kind: "invalid",
      message: "This payment belongs to another order",
    });
    expect(await ask({ paymentAttemptId: IN_STORE })).toMatchObject({
      kind: "conflict",
      message: expect.stringContaining("not been paid"),
    });
    expect(await ask({ way: "PAYPAL" })).toMatchObject({ kind: "invalid" });
    expect(await ask({ way: "CASH" })).toMatchObject({ kind: "invalid", message: expect.stringContaining("reference") });
    expect(await ask({ way: "BANK_TRANSFER", reference: "TRF 1", arrivesBy: "2020-01-01" })).toMatchObject({ kind: "invalid" });
    expect(await ask({ way: "BANK_TRANSFER", reference: "TRF 1", arrivesBy: "2026-02-30" })).toMatchObject({ kind: "invalid" });
    expect(await ask({ way: "CASH", reference: "x".repeat(101) })).toMatchObject({ kind: "invalid" });
    expect(await refundsOf(order.id)).toEqual([]);
    expect(refundsAtXendit(attempt.xenditRequestId)).toHaveLength(0);
    expect(await orderRow(order.id)).toMatchObject({ refundState: null, refundedCents: 0 });
  });
});
