import { paymentMethodByCode } from "@workshop/domain/payment-methods.ts";
import { describe, expect, it } from "vitest";
import { changeStatus } from "#server/admin-orders/order-actions.ts";
import type { Actor } from "#server/audit/actor.ts";
import { orderById } from "#server/orders/queries.ts";
import { usePaymentsHarness } from "#test-support/payments-harness.ts";
import { startPayment } from "./payment-requests.ts";
import { refundPayment, refundsOf } from "./refunds.ts";
import { recordReturn, returnOptions } from "./returns.ts";

const { h, control, placeOnline, settled } = usePaymentsHarness({
  fullName: "Nyoman Sari",
  email: "nyoman@example.com",
  phone: "+62 361 999",
  addressLine1: "Jl. Hanoman 12",
  addressLine2: "",
  city: "Ubud",
  state: "Bali",
  postalCode: "80571",
  country: "Indonesia",
});

const owner: Actor = { staffId: null, label: "owner@workshop.test", role: "owner", ip: "127.0.0.1" };
const staff: Actor = { staffId: null, label: "staff@workshop.test", role: "staff", ip: "127.0.0.1" };
const day = 86_400_000;

/** An order paid with DANA and moved along by staff: made, shipped, and (unless `until` says otherwise) delivered. */
async function deliveredOrder(until: "PROCESSING" | "SHIPPED" | "DELIVERED" = "DELIVERED") {
  const placed = await placeOnline("DANA");
  const { attempt } = await startPayment(placed.id, paymentMethodByCode("DANA")!);
  await control(`/payment_requests/${attempt.xenditRequestId}/pay`);
  await settled();
  if (until !== "PROCESSING") {
    await changeStatus(placed.id, "IN_PROGRESS", {}, staff);
    await changeStatus(placed.id, "SHIPPED", { trackingNumber: "LP0012345" }, staff);
    if (until === "DELIVERED") await changeStatus(placed.id, "DELIVERED", {}, staff);
  }
  return { order: (await orderById(placed.id))!, attemptId: attempt.id };
}

/** Moves the order's delivery (and shipping) back in time by `days`. */
async function deliveredDaysAgo(orderId: string, days: number) {
  await h.database.db
    .updateTable("orderEvents")
    .set({ createdAt: new Date(Date.now() - days * day) })
    .where("orderId", "=", orderId)
    .where("status", "in", ["SHIPPED", "DELIVERED"])
    .execute();
}

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ kind: "none" }),
    (e: { kind?: string; message?: string; details?: { code?: string } }) => ({ kind: e.kind, code: e.details?.code, message: e.message }),
  );

describe("a return within the 14 days", () => {
  it("marks the order returned beside its status and proposes the hat's price less the 15 % fee, which is then refunded", async () => {
    const { order, attemptId } = await deliveredOrder();
    await deliveredDaysAgo(order.id, 10);
    const before = (await returnOptions(order.id))!;
    const fee = Math.floor((order.priceCents * 15 + 50) / 100);
    expect(before).toMatchObject({
      recorded: null,
      refusal: null,
      custom: false,
      late: false,
      proposals: { RETURN: { feeCents: fee, cents: order.priceCents - fee }, DEFECT: { feeCents: 0, cents: order.totalCents } },
    });

    const after = await recordReturn({ orderId: order.id, kind: "RETURN", actor: owner });
    expect(after).toMatchObject({
      refusal: "already-returned",
      recorded: { kind: "RETURN", late: false, feeCents: fee, proposedCents: order.priceCents - fee, actor: owner.label },
    });
    const row = (await orderById(order.id))!;
    expect(row).toMatchObject({ status: "DELIVERED", paymentStatus: "SUCCEEDED", returnedAt: expect.any(Date) });
    expect(
      await h.database.db
        .selectFrom("auditLog")
        .select(["action", "after"])
        .where("recordId", "=", order.id)
        .where("action", "=", "order-returned")
        .execute(),
    ).toMatchObject([{ action: "order-returned", after: { returned: true, kind: "RETURN", feeCents: fee } }]);
    // A second click finds it returned.
    expect(await refusalOf(recordReturn({ orderId: order.id, kind: "RETURN", actor: owner }))).toMatchObject({
      kind: "conflict",
      code: "already-returned",
    });

    // The owner refunds what the return proposed: the delivery stays paid, so the order is partly refunded.
    await refundPayment({
      orderId: order.id,
      paymentAttemptId: attemptId,
      reason: "REQUESTED_BY_CUSTOMER",
      actor: owner,
      amountUsdCents: after.recorded!.proposedCents,
      note: "Returned unworn",
    });
    await settled();
    expect(await refundsOf(order.id)).toMatchObject([
      { status: "SUCCEEDED", amountUsdCents: order.priceCents - fee, note: "Returned unworn" },
    ]);
    expect(await orderById(order.id)).toMatchObject({ status: "DELIVERED", refundState: "PARTLY_REFUNDED" });
  });

  it("takes a shipped order back too, and refuses one not sent yet", async () => {
    const shipped = await deliveredOrder("SHIPPED");
    expect(await recordReturn({ orderId: shipped.order.id, kind: "RETURN", actor: owner })).toMatchObject({ recorded: { late: false } });
    const making = await deliveredOrder("PROCESSING");
    expect(await refusalOf(recordReturn({ orderId: making.order.id, kind: "RETURN", actor: owner }))).toMatchObject({
      kind: "conflict",
      code: "not-delivered",
      message: "Only a shipped or delivered order can be returned; this one is PROCESSING",
    });
    expect((await orderById(making.order.id))!.returnedAt).toBeNull();
  });
});

describe("a return after an earlier refund", () => {
  it("proposes only what leaves the shop its fee and the delivery, and says once a refund was made since it was recorded", async () => {
    const { order, attemptId } = await deliveredOrder();
    // $20 went back as goodwill before the hat came back.
    await refundPayment({ orderId: order.id, paymentAttemptId: attemptId, reason: "OTHERS", actor: owner, amountUsdCents: 2_000 });
    await settled();
    const fee = Math.floor((order.priceCents * 15 + 50) / 100);
    const kept = fee + order.deliveryCostCents;
    const before = (await returnOptions(order.id))!;
    expect(before.proposals.RETURN).toEqual({ feeCents: fee, cents: order.totalCents - 2_000 - kept });
    expect(before.proposals.DEFECT).toEqual({ feeCents: 0, cents: order.totalCents - 2_000 });

    const taken = await recordReturn({ orderId: order.id, kind: "RETURN", actor: owner });
    expect(taken.recorded).toMatchObject({ proposedCents: order.totalCents - 2_000 - kept, refundedSince: false });
    await refundPayment({
      orderId: order.id,
      paymentAttemptId: attemptId,
      reason: "REQUESTED_BY_CUSTOMER",
      actor: owner,
      amountUsdCents: taken.recorded!.proposedCents,
    });
    await settled();
    // The shop keeps exactly its fee and the delivery; the proposal is spent.
    expect((await orderById(order.id))!.refundedCents).toBe(order.totalCents - kept);
    expect((await returnOptions(order.id))!.recorded).toMatchObject({ refundedSince: true });
  });

  it("never proposes less than nothing", async () => {
    const { order, attemptId } = await deliveredOrder();
    await refundPayment({
      orderId: order.id,
      paymentAttemptId: attemptId,
      reason: "OTHERS",
      actor: owner,
      amountUsdCents: order.totalCents - 100,
    });
    await settled();
    expect((await returnOptions(order.id))!.proposals).toMatchObject({ RETURN: { cents: 0 }, DEFECT: { cents: 100 } });
  });
});

describe("a return past the 14 days", () => {
  it("is taken only with a reason", async () => {
    const { order } = await deliveredOrder();
    await deliveredDaysAgo(order.id, 20);
    expect(await returnOptions(order.id)).toMatchObject({ late: true, refusal: null });
    expect(await refusalOf(recordReturn({ orderId: order.id, kind: "RETURN", actor: owner }))).toMatchObject({
      kind: "invalid",
      code: "late-reason",
      message: "The 14 days after delivery have passed: give the reason for taking the hat back",
    });
    expect((await orderById(order.id))!.returnedAt).toBeNull();
    const taken = await recordReturn({
      orderId: order.id,
      kind: "RETURN",
      note: "The courier held the parcel for two weeks",
      actor: owner,
    });
    expect(taken.recorded).toMatchObject({ late: true, note: "The courier held the parcel for two weeks" });
  });
});

describe("a custom hat", () => {
  it("is not returnable except for a defect, which must be described and proposes everything back", async () => {
    const { order } = await deliveredOrder();
    const request = await h.database.db
      .insertInto("customOrders")
      .values({
        name: "Nyoman Sari",
        email: "nyoman@example.com",
        hatType: "Fedora",
        material: "Straw",
        size: "57",
        details: "A fedora with a wide band",
        timeline: "3-4 weeks",
        locale: "en",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await h.database.db.updateTable("orders").set({ customOrderId: request.id }).where("id", "=", order.id).execute();
    expect(await returnOptions(order.id)).toMatchObject({ custom: true, proposals: { DEFECT: { feeCents: 0, cents: order.totalCents } } });
    expect(await refusalOf(recordReturn({ orderId: order.id, kind: "RETURN", actor: owner }))).toMatchObject({
      kind: "conflict",
      code: "custom-defect-only",
      message: "Custom hats are not returnable except for defects: record a defect and describe it",
    });
    expect(await refusalOf(recordReturn({ orderId: order.id, kind: "DEFECT", note: " ", actor: owner }))).toMatchObject({
      kind: "invalid",
      code: "defect-reason",
    });
    const taken = await recordReturn({ orderId: order.id, kind: "DEFECT", note: "The brim's weave came apart", actor: owner });
    expect(taken.recorded).toMatchObject({
      kind: "DEFECT",
      feeCents: 0,
      proposedCents: order.totalCents,
      note: "The brim's weave came apart",
    });
  });
});

describe("who may record a return", () => {
  it("refuses staff and bad input, and changes nothing", async () => {
    const { order } = await deliveredOrder();
    expect(await refusalOf(recordReturn({ orderId: order.id, kind: "RETURN", actor: staff }))).toMatchObject({ kind: "forbidden" });
    expect(await refusalOf(recordReturn({ orderId: order.id, kind: "EXCHANGE", actor: owner }))).toMatchObject({
      kind: "invalid",
      code: "kind",
    });
    expect(await refusalOf(recordReturn({ orderId: order.id, kind: "DEFECT", note: 42, actor: owner }))).toMatchObject({ kind: "invalid" });
    expect(await refusalOf(recordReturn({ orderId: order.id, kind: "DEFECT", note: "x".repeat(501), actor: owner }))).toMatchObject({
      kind: "invalid",
      code: "too-long",
    });
    expect(await refusalOf(recordReturn({ orderId: "not-an-order", kind: "RETURN", actor: owner }))).toMatchObject({ kind: "not_found" });
    expect((await orderById(order.id))!.returnedAt).toBeNull();
    expect(await h.database.db.selectFrom("orderReturns").selectAll().where("orderId", "=", order.id).execute()).toEqual([]);
  });
});
