import { paymentMethodByCode } from "@workshop/domain/payment-methods.ts";
import { describe, expect, it } from "vitest";
import type { Actor } from "#server/audit/actor.ts";
import { orderById } from "#server/orders/queries.ts";
import { TOKEN, usePaymentsHarness } from "#test-support/payments-harness.ts";
import { startPayment } from "./payment-requests.ts";
import { reconcileRefunds, refundableAttempts, refundPayment, refundsOf } from "./refunds.ts";
import { receiveWebhook, webhookProcessingIdle } from "./webhooks.ts";

const bali = {
  fullName: "Wayan Sudarma",
  email: "wayan@example.com",
  phone: "+62 361 555",
  addressLine1: "Jl. Raya Ubud 5",
  addressLine2: "",
  city: "Gianyar",
  state: "Bali",
  postalCode: "80571",
  country: "Indonesia" as const,
};

const owner: Actor = { staffId: null, label: "owner@workshop.test", role: "owner", ip: "127.0.0.1" };
const staff: Actor = { staffId: null, label: "staff@workshop.test", role: "staff", ip: "127.0.0.1" };

const { h, control, placeOnline, settled, spoilRefunds } = usePaymentsHarness(bali);

/** An order paid twice: `first` paid it, then `second` (opened in another tab) was paid too. */
async function paidTwice(first = "DANA", second = "SHOPEEPAY") {
  const order = await placeOnline(first);
  const one = await startPayment(order.id, paymentMethodByCode(first)!);
  await control("/webhooks", { paused: true });
  await control(`/payment_requests/${one.attempt.xenditRequestId}/pay`);
  const two = await startPayment(order.id, paymentMethodByCode(second)!);
  await control(`/payment_requests/${two.attempt.xenditRequestId}/pay`);
  await control("/webhooks", { paused: false });
  await settled();
  const attempt = async (id: string) =>
    (await h.database.db.selectFrom("paymentAttempts").selectAll().where("id", "=", id).executeTakeFirst())!;
  return { order, own: await attempt(one.attempt.id), extra: await attempt(two.attempt.id) };
}

/** The simulator's refunds of one payment request. */
const refundsAtXendit = (paymentRequestId: string | null) => h.simulator.refunds().filter((r) => r.payment_request_id === paymentRequestId);

describe("refunding a payment taken twice", () => {
  it("refunds the second payment in full: PENDING at once, SUCCEEDED by the webhook; the order stays paid", async () => {
    const { order, own, extra } = await paidTwice();
    expect(extra).toMatchObject({ status: "SUCCEEDED", flag: "order already paid by another payment" });
    // The order's own payment may be refunded too (a return, goodwill): nothing says it must.
    expect(await refundableAttempts(order.id)).toMatchObject([
      { paymentAttemptId: own.id, cause: null, refundable: true, blockedBy: null },
      { paymentAttemptId: extra.id, cause: "paid-twice", refundable: true, blockedBy: null, refund: null },
    ]);

    await control("/refunds/outcome", { status: "PENDING" });
    const refund = await refundPayment({ orderId: order.id, paymentAttemptId: extra.id, reason: "DUPLICATE", actor: owner });
    expect(refund).toMatchObject({
      orderId: order.id,
      paymentAttemptId: extra.id,
      method: "SHOPEEPAY",
      status: "PENDING",
      amount: extra.amount,
      currency: "IDR",
      reason: "DUPLICATE",
      xenditRefundId: expect.stringMatching(/^rfd-/),
    });
    const [atXendit] = refundsAtXendit(extra.xenditRequestId);
    expect(atXendit).toMatchObject({
      id: refund.xenditRefundId,
      amount: extra.amount,
      currency: "IDR",
      reason: "DUPLICATE",
      reference_id: refund.id,
      metadata: { order_id: order.id, payment_attempt_id: extra.id },
    });
    expect(refundsAtXendit(own.xenditRequestId)).toHaveLength(0);

    const audit = await h.database.db
      .selectFrom("auditLog")
      .selectAll()
      .where("action", "=", "refund")
      .where("recordId", "=", order.id)
      .executeTakeFirst();
    expect(audit).toMatchObject({
      actor: owner.label,
      recordType: "order",
      before: { paymentAttemptId: extra.id, flag: "order already paid by another payment", refunds: [] },
      after: { refundId: refund.id, amount: extra.amount, currency: "IDR", reason: "DUPLICATE", status: "CREATING" },
    });

    await control(`/refunds/${refund.xenditRefundId}/succeed`);
    await settled();
    expect(await refundsOf(order.id)).toMatchObject([{ id: refund.id, status: "SUCCEEDED", failureCode: null }]);
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: "SUCCEEDED" });
    expect((await refundableAttempts(order.id))[1]).toMatchObject({ refundable: false, blockedBy: "refunded" });

    await expect(refundPayment({ orderId: order.id, paymentAttemptId: extra.id, reason: "DUPLICATE", actor: owner })).rejects.toMatchObject(
      {
        kind: "conflict",
        message: "This payment has already been refunded",
      },
    );
    expect(refundsAtXendit(extra.xenditRequestId)).toHaveLength(1);
    await control("/refunds/outcome", { status: "SUCCEEDED" });
  });

  it("sends one refund to Xendit when two owners refund at the same moment", async () => {
    const { order, extra } = await paidTwice("LINKAJA", "DANA");
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => refundPayment({ orderId: order.id, paymentAttemptId: extra.id, reason: "DUPLICATE", actor: owner })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    // A call that comes after the first refund has settled is told it is refunded; one that comes
    // while it is under way is told so. Both are refusals that send nothing.
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        kind: "conflict",
        message: expect.stringMatching(/^This payment (already has a refund in progress|has already been refunded)$/),
      });
    }
    await settled();
    expect(refundsAtXendit(extra.xenditRequestId)).toHaveLength(1);
    expect(await refundsOf(order.id)).toMatchObject([{ status: "SUCCEEDED" }]);
  });
});

describe("a retry", () => {
  it("finds a refund whose answer was lost at Xendit when it is sent again: Xendit keeps one, the webhook settles the row", async () => {
    const { order, extra } = await paidTwice("DANA", "QRIS");
    await control("/refunds/outcome", { status: "PENDING" });
    const refund = await refundPayment({ orderId: order.id, paymentAttemptId: extra.id, reason: "DUPLICATE", actor: owner });
    await control("/refunds/outcome", { status: "SUCCEEDED" });
    // As if the answer had been lost a minute ago: the row is still CREATING, without Xendit's id.
    const aMinuteAgo = new Date(Date.now() - 60_000);
    await h.database.db
      .updateTable("refunds")
      .set({ status: "CREATING", xenditRefundId: null, createdAt: aMinuteAgo })
      .where("id", "=", refund.id)
      .execute();
    const again = await refundPayment({ orderId: order.id, paymentAttemptId: extra.id, reason: "DUPLICATE", actor: owner });
    // Xendit has it (by its reference): the row learns its id and status, nothing is sent twice.
    expect(again).toMatchObject({ id: refund.id, status: "PENDING", xenditRefundId: refund.xenditRefundId });
    expect(refundsAtXendit(extra.xenditRequestId)).toHaveLength(1);
    await control(`/refunds/${refund.xenditRefundId}/succeed`);
    await settled();
    expect(await refundsOf(order.id)).toMatchObject([{ id: refund.id, status: "SUCCEEDED", xenditRefundId: refund.xenditRefundId }]);
  });

  it("sends a refund that never reached Xendit, once; a fresh CREATING row is not sent twice", async () => {
    const { order, extra } = await paidTwice("SHOPEEPAY", "DANA");
    const row = await h.database.db
      .insertInto("refunds")
      .values({
        orderId: order.id,
        paymentAttemptId: extra.id,
        amount: extra.amount,
        currency: "IDR",
        amountUsdCents: order.totalCents,
        status: "CREATING",
        reason: "DUPLICATE",
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await expect(refundPayment({ orderId: order.id, paymentAttemptId: extra.id, reason: "DUPLICATE", actor: owner })).rejects.toMatchObject(
      {
        kind: "conflict",
        message: "This payment already has a refund in progress",
      },
    );
    expect(refundsAtXendit(extra.xenditRequestId)).toHaveLength(0);
    await h.database.db
      .updateTable("refunds")
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where("id", "=", row.id)
      .execute();
    const sent = await refundPayment({ orderId: order.id, paymentAttemptId: extra.id, reason: "DUPLICATE", actor: owner });
    expect(sent).toMatchObject({ id: row.id, xenditRefundId: expect.stringMatching(/^rfd-/) });
    expect(["PENDING", "SUCCEEDED"]).toContain(sent.status);
    await settled();
    expect(refundsAtXendit(extra.xenditRequestId)).toMatchObject([{ reference_id: row.id, amount: extra.amount }]);
    expect(await refundsOf(order.id)).toMatchObject([{ id: row.id, status: "SUCCEEDED" }]);
  });
});

describe("a refusal that Xendit contradicts", () => {
  it("lets the refund's webhook win over a failure the shop recorded without Xendit's id", async () => {
    const { order, extra } = await paidTwice("DANA", "SHOPEEPAY");
    const row = await h.database.db
      .insertInto("refunds")
      .values({
        orderId: order.id,
        paymentAttemptId: extra.id,
        amount: extra.amount,
        currency: "IDR",
        amountUsdCents: order.totalCents,
        status: "FAILED",
        failureCode: "REFUND_IN_PROGRESS",
        reason: "DUPLICATE",
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // The refund the shop thought refused did reach Xendit.
    const made = await fetch(`${h.simulator.url}/refunds`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Basic ${Buffer.from("xnd_development_test_only_key:").toString("base64")}`,
      },
      body: JSON.stringify({
        payment_request_id: extra.xenditRequestId,
        reference_id: row.id,
        amount: extra.amount,
        currency: "IDR",
        reason: "DUPLICATE",
      }),
    });
    expect(made.status).toBe(200);
    await settled();
    expect(await refundsOf(order.id)).toMatchObject([
      { id: row.id, status: "SUCCEEDED", failureCode: null, xenditRefundId: expect.stringMatching(/^rfd-/) },
    ]);
  });
});

describe("reconciliation", () => {
  it("settles a refund whose webhook was lost by asking Xendit", async () => {
    const { order, extra } = await paidTwice("DANA", "AKULAKU");
    await control("/refunds/outcome", { status: "PENDING" });
    const refund = await refundPayment({ orderId: order.id, paymentAttemptId: extra.id, reason: "DUPLICATE", actor: owner });
    await control("/refunds/outcome", { status: "SUCCEEDED" });
    await control("/webhooks", { paused: true });
    await control(`/refunds/${refund.xenditRefundId}/fail`, { failure_code: "ACCOUNT_NOT_FOUND" });
    await fetch(`${h.simulator.url}/_control/webhooks/pending`, { method: "DELETE" });
    await control("/webhooks", { paused: false });
    // Too recent to be asked about yet.
    await reconcileRefunds();
    expect(await refundsOf(order.id)).toMatchObject([{ status: "PENDING" }]);
    const result = await reconcileRefunds(new Date(Date.now() + 10 * 60_000));
    expect(result.checked).toBeGreaterThanOrEqual(1);
    expect(await refundsOf(order.id)).toMatchObject([{ id: refund.id, status: "FAILED", failureCode: "ACCOUNT_NOT_FOUND" }]);
  });
});

describe("a card payment", () => {
  it("is refunded through the payment request of its session", async () => {
    const order = await placeOnline("DANA");
    const one = await startPayment(order.id, paymentMethodByCode("DANA")!);
    await control("/webhooks", { paused: true });
    await control(`/payment_requests/${one.attempt.xenditRequestId}/pay`);
    const card = await startPayment(order.id, paymentMethodByCode("CARD")!);
    expect(card.attempt.xenditRequestId).toMatch(/^ps-/);
    await control(`/sessions/${card.attempt.xenditRequestId}/pay`);
    await control("/webhooks", { paused: false });
    await settled();
    expect((await refundableAttempts(order.id))[1]).toMatchObject({ method: "CARD", cause: "paid-twice", refundable: true });
    const refund = await refundPayment({ orderId: order.id, paymentAttemptId: card.attempt.id, reason: "DUPLICATE", actor: owner });
    const session = h.simulator.paymentSession(card.attempt.xenditRequestId!)!;
    expect(refundsAtXendit(session.payment_request_id)).toMatchObject([
      { id: refund.xenditRefundId, channel_code: "CARDS", amount: order.totalIdr },
    ]);
    await settled();
    expect(await refundsOf(order.id)).toMatchObject([{ status: "SUCCEEDED", method: "CARD" }]);
  });
});

describe("a refund that fails", () => {
  it("stores refund.failed with its code, and the payment may be refunded again", async () => {
    const order = await placeOnline("DANA");
    const { attempt } = await startPayment(order.id, paymentMethodByCode("DANA")!);
    await h.database.db.updateTable("orders").set({ status: "CANCELLED" }).where("id", "=", order.id).execute();
    await control(`/payment_requests/${attempt.xenditRequestId}/pay`);
    await settled();
    expect((await refundableAttempts(order.id))[0]).toMatchObject({ cause: "paid-after-cancel", refundable: true });

    await control("/refunds/outcome", { status: "FAILED", failure_code: "INSUFFICIENT_BALANCE" });
    const failed = await refundPayment({ orderId: order.id, paymentAttemptId: attempt.id, reason: "CANCELLATION", actor: owner });
    await settled();
    expect(await refundsOf(order.id)).toMatchObject([{ id: failed.id, status: "FAILED", failureCode: "INSUFFICIENT_BALANCE" }]);
    expect((await refundableAttempts(order.id))[0]).toMatchObject({ refundable: true, refund: { id: failed.id, status: "FAILED" } });

    await control("/refunds/outcome", { status: "SUCCEEDED" });
    const retried = await refundPayment({ orderId: order.id, paymentAttemptId: attempt.id, reason: "CANCELLATION", actor: owner });
    expect(retried.id).not.toBe(failed.id);
    await settled();
    expect((await refundsOf(order.id)).map((r) => r.status)).toEqual(["SUCCEEDED", "FAILED"]);
    expect(await orderById(order.id)).toMatchObject({ status: "CANCELLED" });
  });
});

describe("the amount refunded", () => {
  it("is what Xendit collected for a payment of the wrong amount, never a caller's", async () => {
    const order = await placeOnline("SHOPEEPAY");
    const { attempt } = await startPayment(order.id, paymentMethodByCode("SHOPEEPAY")!);
    const paid = order.totalIdr - 1_000;
    await control(`/payment_requests/${attempt.xenditRequestId}/pay`, { amount: paid });
    await settled();
    expect((await refundableAttempts(order.id))[0]).toMatchObject({ status: "PENDING", cause: "wrong-amount", refundable: true });
    const refund = await refundPayment({
      orderId: order.id,
      paymentAttemptId: attempt.id,
      reason: "OTHERS",
      actor: owner,
      // Extra fields from a caller are not read.
      ...({ amount: 1, currency: "USD" } as object),
    });
    expect(refund).toMatchObject({ amount: paid, currency: "IDR" });
    expect(refundsAtXendit(attempt.xenditRequestId)).toMatchObject([{ amount: paid, currency: "IDR" }]);
  });
});

describe("refusals", () => {
  it("refuses an unpaid payment, another order's payment, a channel Xendit cannot refund, a staff member and a bad reason", async () => {
    const order = await placeOnline("BCA");
    const { attempt: unpaid } = await startPayment(order.id, paymentMethodByCode("BCA")!);
    const refuse = (over: Partial<Parameters<typeof refundPayment>[0]>) =>
      refundPayment({ orderId: order.id, paymentAttemptId: unpaid.id, reason: "DUPLICATE", actor: owner, ...over });
    await expect(refuse({})).rejects.toMatchObject({
      kind: "conflict",
      message: "This payment has not been paid: there is nothing to refund",
    });

    const twice = await paidTwice("DANA", "BNI");
    await expect(refuse({ orderId: twice.order.id })).rejects.toMatchObject({
      kind: "invalid",
      message: "This payment belongs to another order",
    });
    expect(await refundableAttempts(twice.order.id)).toMatchObject([
      { blockedBy: null, byHand: true },
      { cause: "paid-twice", blockedBy: "channel-not-supported", byHand: true },
    ]);
    await expect(refuse({ orderId: twice.order.id, paymentAttemptId: twice.extra.id })).rejects.toMatchObject({
      kind: "conflict",
      message: "Xendit cannot refund BNI payments: send the money back another way and record it (way BANK_TRANSFER or CASH)",
    });
    const dana = await paidTwice("BRI", "DANA");
    await expect(refuse({ orderId: dana.order.id, paymentAttemptId: dana.extra.id, actor: staff })).rejects.toMatchObject({
      kind: "forbidden",
    });
    await expect(refuse({ orderId: dana.order.id, paymentAttemptId: dana.extra.id, reason: "CHANGED_MIND" })).rejects.toMatchObject({
      kind: "invalid",
    });
    await expect(refuse({ orderId: "not-an-id" })).rejects.toMatchObject({ kind: "not_found" });
    await expect(refuse({ paymentAttemptId: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({ kind: "not_found" });

    for (const id of [order.id, twice.order.id, dana.order.id]) expect(await refundsOf(id)).toEqual([]);
    for (const a of [unpaid, twice.own, twice.extra, dana.extra]) expect(refundsAtXendit(a.xenditRequestId)).toHaveLength(0);
  });
});

describe("refund webhooks", () => {
  const post = async (body: object) => {
    expect((await receiveWebhook(TOKEN, JSON.stringify(body), null)).status).toBe(200);
    await webhookProcessingIdle();
  };

  it("settles a refund whose answer was lost by the reference id, and flags an unknown refund", async () => {
    const { order, extra } = await paidTwice("KREDIVO", "AKULAKU");
    await control("/refunds/outcome", { status: "PENDING" });
    const refund = await refundPayment({ orderId: order.id, paymentAttemptId: extra.id, reason: "DUPLICATE", actor: owner });
    await control("/refunds/outcome", { status: "SUCCEEDED" });
    // As if Xendit's answer had been lost: the row knows no Xendit id yet.
    await h.database.db.updateTable("refunds").set({ status: "CREATING", xenditRefundId: null }).where("id", "=", refund.id).execute();
    await control(`/refunds/${refund.xenditRefundId}/succeed`);
    await settled();
    expect(await refundsOf(order.id)).toMatchObject([{ status: "SUCCEEDED", xenditRefundId: refund.xenditRefundId }]);

    const data = {
      ...h.simulator.refund(refund.xenditRefundId!)!,
      id: "rfd-00000000-0000-4000-8000-00000000beef",
      reference_id: "elsewhere",
    };
    await post({ event: "refund.failed", business_id: "b", created: new Date().toISOString(), data: { ...data, status: "FAILED" } });
    const event = await h.database.db
      .selectFrom("xenditEvents")
      .selectAll()
      .where("dedupeKey", "=", `refund.failed:${data.id}`)
      .executeTakeFirst();
    expect(event).toMatchObject({ outcome: "flagged", flag: "unknown refund" });
    // A late or repeated event never moves a settled refund.
    await post({
      event: "refund.failed",
      business_id: "b",
      created: new Date().toISOString(),
      data: { ...h.simulator.refund(refund.xenditRefundId!)!, status: "FAILED" },
    });
    expect(await refundsOf(order.id)).toMatchObject([{ status: "SUCCEEDED" }]);
  });
});

describe("refunding a paid order that staff cancelled", () => {
  it("offers the order's own payment for a refund once the order is cancelled, and refunds it", async () => {
    const order = await placeOnline("DANA");
    const { attempt } = await startPayment(order.id, paymentMethodByCode("DANA")!);
    await control(`/payment_requests/${attempt.xenditRequestId}/pay`);
    await settled();
    expect(await refundableAttempts(order.id)).toMatchObject([{ cause: null, blockedBy: null }]);
    await h.database.db.updateTable("orders").set({ status: "CANCELLED" }).where("id", "=", order.id).execute();
    expect(await refundableAttempts(order.id)).toMatchObject([{ cause: "order-cancelled", refundable: true, blockedBy: null }]);
    const refund = await refundPayment({ orderId: order.id, paymentAttemptId: attempt.id, reason: "CANCELLATION", actor: owner });
    expect(refund).toMatchObject({ paymentAttemptId: attempt.id, amount: attempt.amount, currency: "IDR" });
  });
});

describe("a connection that breaks while Xendit answers", () => {
  it("is Xendit not answering (503), not a fault of the shop: the refund waits to be sent again", async () => {
    const { order, extra } = await paidTwice("DANA", "SHOPEEPAY");
    await spoilRefunds({ kind: "break-answer" });
    const refusal = await refundPayment({ orderId: order.id, paymentAttemptId: extra.id, reason: "DUPLICATE", actor: owner }).then(
      () => null,
      (error: { kind?: string; message?: string }) => ({ kind: error.kind, message: error.message }),
    );
    expect(refusal).toEqual({ kind: "unavailable", message: expect.stringContaining("Xendit did not answer") });
    expect(await refundsOf(order.id)).toMatchObject([{ status: "CREATING" }]);
  });
});

describe("a refund Xendit never answered", () => {
  const refusalOf = (promise: Promise<unknown>) =>
    promise.then(
      () => ({ kind: "none", message: "resolved" }),
      (e: { kind?: string; message?: string }) => ({ kind: e.kind, message: e.message }),
    );

  /** A refund of the payment whose request never reached Xendit (a gateway answered 503): CREATING, with no Xendit id. */
  async function neverSent(orderId: string, paymentAttemptId: string, amountUsdCents?: number) {
    await spoilRefunds({ kind: "answer", status: 503, code: "SERVICE_UNAVAILABLE" });
    const ask = refundPayment({ orderId, paymentAttemptId, reason: "DUPLICATE", actor: owner, amountUsdCents });
    expect(await refusalOf(ask)).toMatchObject({ kind: "unavailable" });
    const [row] = await refundsOf(orderId);
    expect(row).toMatchObject({ status: "CREATING", xenditRefundId: null });
    return row!;
  }
  /** As if it had been sent a minute ago. */
  const aMinuteAgo = (id: string) => {
    const then = new Date(Date.now() - 60_000);
    return h.database.db.updateTable("refunds").set({ createdAt: then, updatedAt: then }).where("id", "=", id).execute();
  };

  it("is sent again by the reconciliation job once 30 s passed, with the same key, and the console may send it again meanwhile", async () => {
    const { order, extra } = await paidTwice("DANA", "QRIS");
    const row = await neverSent(order.id, extra.id);
    expect((await refundableAttempts(order.id))[1]).toMatchObject({ blockedBy: "in-progress", unanswered: null });
    await reconcileRefunds();
    expect(refundsAtXendit(extra.xenditRequestId)).toHaveLength(0);

    await aMinuteAgo(row.id);
    expect((await refundableAttempts(order.id))[1]).toMatchObject({
      refundable: false,
      blockedBy: "send-again",
      unanswered: { refundId: row.id, amountUsdCents: row.amountUsdCents, amount: row.amount, currency: "IDR", reason: "DUPLICATE" },
    });
    const result = await reconcileRefunds();
    expect(result).toMatchObject({ failed: 0 });
    expect(refundsAtXendit(extra.xenditRequestId)).toMatchObject([{ reference_id: row.id, amount: row.amount }]);
    await settled();
    expect(await refundsOf(order.id)).toMatchObject([{ id: row.id, status: "SUCCEEDED", xenditRefundId: expect.stringMatching(/^rfd-/) }]);
    expect((await refundableAttempts(order.id))[1]).toMatchObject({ blockedBy: "refunded", unanswered: null });
    await reconcileRefunds(new Date(Date.now() + 10 * 60_000));
    expect(refundsAtXendit(extra.xenditRequestId)).toHaveLength(1);
  });

  it("is found at Xendit by its reference when Xendit made it but its answer and its webhooks were lost", async () => {
    const { order, extra } = await paidTwice("DANA", "SHOPEEPAY");
    await control("/webhooks", { paused: true });
    await spoilRefunds({ kind: "lose-answer" });
    expect(
      await refusalOf(refundPayment({ orderId: order.id, paymentAttemptId: extra.id, reason: "DUPLICATE", actor: owner })),
    ).toMatchObject({ kind: "unavailable" });
    await expect.poll(() => refundsAtXendit(extra.xenditRequestId)[0]?.status).toBe("SUCCEEDED");
    await fetch(`${h.simulator.url}/_control/webhooks/pending`, { method: "DELETE" });
    await control("/webhooks", { paused: false });
    const [row] = await refundsOf(order.id);
    expect(row).toMatchObject({ status: "CREATING" });

    await aMinuteAgo(row!.id);
    await reconcileRefunds();
    const [atXendit] = refundsAtXendit(extra.xenditRequestId);
    expect(refundsAtXendit(extra.xenditRequestId)).toHaveLength(1);
    expect(await refundsOf(order.id)).toMatchObject([{ id: row!.id, status: "SUCCEEDED", xenditRefundId: atXendit!.id }]);
  });

  it("is sent again only as it was: another amount is refused with what still waits, and the re-send is in the audit log", async () => {
    const { order, extra } = await paidTwice("DANA", "QRIS");
    const row = await neverSent(order.id, extra.id, 5_000);
    await aMinuteAgo(row.id);
    const other = refundPayment({
      orderId: order.id,
      paymentAttemptId: extra.id,
      reason: "OTHERS",
      actor: owner,
      amountUsdCents: 2_000,
      note: "Goodwill",
    });
    expect(await refusalOf(other)).toEqual({
      kind: "conflict",
      message: "A refund of $50.00 of this payment still waits for Xendit: send it again (leave the amount out) or wait for Xendit's word",
    });
    expect(refundsAtXendit(extra.xenditRequestId)).toHaveLength(0);

    const again = await refundPayment({
      orderId: order.id,
      paymentAttemptId: extra.id,
      reason: "DUPLICATE",
      actor: owner,
      amountUsdCents: 5_000,
    });
    expect(again).toMatchObject({ id: row.id, amountUsdCents: 5_000 });
    expect(refundsAtXendit(extra.xenditRequestId)).toMatchObject([{ reference_id: row.id, amount: row.amount }]);
    const audit = await h.database.db
      .selectFrom("auditLog")
      .selectAll()
      .where("action", "=", "refund")
      .where("recordId", "=", order.id)
      .orderBy("id")
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({
      actor: owner.label,
      before: { refundId: row.id, status: "CREATING" },
      after: { refundId: row.id, resent: true, amountUsdCents: 5_000, amount: row.amount },
    });
  });

  it("is never failed because Xendit refuses it when sent again: it waits for Xendit's word, its amount still counted", async () => {
    const { order, extra } = await paidTwice("DANA", "SHOPEEPAY");
    const row = await neverSent(order.id, extra.id);
    await aMinuteAgo(row.id);
    await spoilRefunds({ kind: "answer", status: 400, code: "INELIGIBLE_TRANSACTION_STATUS" });
    expect(
      await refusalOf(refundPayment({ orderId: order.id, paymentAttemptId: extra.id, reason: "DUPLICATE", actor: owner })),
    ).toMatchObject({ kind: "conflict", message: expect.stringContaining("INELIGIBLE_TRANSACTION_STATUS") });
    expect(await refundsOf(order.id)).toMatchObject([{ id: row.id, status: "CREATING", failureCode: null }]);

    // The job's next look, five minutes on, is refused too: still waiting, nothing freed to refund twice.
    await spoilRefunds({ kind: "answer", status: 400, code: "INELIGIBLE_TRANSACTION_STATUS" });
    await reconcileRefunds(new Date(Date.now() + 6 * 60_000));
    expect(await refundsOf(order.id)).toMatchObject([{ id: row.id, status: "CREATING" }]);
    expect((await refundableAttempts(order.id))[1]).toMatchObject({ leftUsdCents: 0, blockedBy: "send-again" });
    expect(await orderById(order.id)).toMatchObject({ refundState: "REFUND_PENDING" });

    // Xendit takes it at the following look.
    await reconcileRefunds(new Date(Date.now() + 12 * 60_000));
    await settled();
    expect(await refundsOf(order.id)).toMatchObject([{ id: row.id, status: "SUCCEEDED" }]);
    expect(refundsAtXendit(extra.xenditRequestId)).toHaveLength(1);
  });
});
