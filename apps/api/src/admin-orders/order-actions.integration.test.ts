import { paymentMethodByCode } from "@workshop/domain/payment-methods.ts";
import { describe, expect, it } from "vitest";
import type { Actor } from "#server/audit/actor.ts";
import { seedProducts } from "#server/db/seed/products.ts";
import { AppError } from "#server/errors.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import { startPayment } from "#server/payments/payment-requests.ts";
import { usePaymentsHarness } from "#test-support/payments-harness.ts";
import { addNote, changeStatus, markPaid, refusalCode, sendOrderEmail, updatePaymentStatusByApi } from "./order-actions.ts";
import { orderDetail, orderMail } from "./order-detail.ts";

const bali = {
  fullName: "Made Wirawan",
  email: "made@example.com",
  phone: "+62 812 3456 789",
  addressLine1: "Jl. Raya Ubud 10",
  addressLine2: "",
  city: "Ubud",
  state: "Bali",
  postalCode: "80571",
  country: "Indonesia" as const,
};

const { h, placeOnline, mailsOf } = usePaymentsHarness(bali);

const staff: Actor = { staffId: null, label: "ketut@workshop.test", role: "staff", ip: "203.0.113.7" };

const placeCash = (locale: "en" | "ru" = "en", deliveryOption = "PICKUP") =>
  placeOrder({
    productId: 1,
    selectedSize: seedProducts[0]!.sizes[0]!,
    shippingAddress: bali,
    deliveryOption,
    paymentMethod: "CASH_IN_STORE",
    locale,
  });

const orderRow = async (id: string) => (await h.database.db.selectFrom("orders").selectAll().where("id", "=", id).execute())[0]!;
const auditOf = async (id: string) =>
  h.database.db.selectFrom("auditLog").selectAll().where("recordType", "=", "order").where("recordId", "=", id).orderBy("id").execute();
const eventsOf = async (id: string) =>
  h.database.db.selectFrom("orderEvents").selectAll().where("orderId", "=", id).orderBy("id").execute();
const mailRows = async (id: string, template: string) =>
  h.database.db.selectFrom("mailOutbox").selectAll().where("orderId", "=", id).where("template", "=", template).execute();

/** The refusal an action ends with: its HTTP status and code. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).status, code: refusalCode(error), message: (error as AppError).message };
}

/** A paid order (cash, marked paid) moved along to `status` by the allowed path. */
async function paidOrder(deliveryOption = "PICKUP") {
  const order = await placeCash("en", deliveryOption);
  await markPaid(order.id, staff);
  return order;
}

describe("mark as paid", () => {
  it("marks a cash order paid: PROCESSING, one payment-confirmed mail, history and audit with before and after", async () => {
    const order = await placeCash();
    expect(order).toMatchObject({ status: "PENDING", paymentStatus: "AWAITING_PREPAYMENT" });
    const paid = await markPaid(order.id, staff);
    expect(paid).toMatchObject({ status: "PROCESSING", paymentStatus: "SUCCEEDED" });
    expect(await orderRow(order.id)).toMatchObject({ status: "PROCESSING", paymentStatus: "SUCCEEDED" });
    const [mail] = await mailRows(order.id, "payment-confirmed");
    expect(mail).toMatchObject({ to: bali.email, locale: "en" });
    expect(mail!.subject).toContain(order.orderNumber);
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({ status: "PROCESSING", paymentStatus: "SUCCEEDED" });
    expect(await auditOf(order.id)).toMatchObject([
      {
        action: "order-marked-paid",
        actor: staff.label,
        ip: staff.ip,
        before: { status: "PENDING", paymentStatus: "AWAITING_PREPAYMENT" },
        after: { status: "PROCESSING", paymentStatus: "SUCCEEDED" },
      },
    ]);
  });

  it("two staff clicking at once: one change, one mail, one audit row, the other refused with 409", async () => {
    const order = await placeCash();
    const results = await Promise.allSettled([markPaid(order.id, staff), markPaid(order.id, { ...staff, label: "wayan@workshop.test" })]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(AppError);
    expect((rejected.reason as AppError).status).toBe(409);
    expect(refusalCode(rejected.reason)).toBe("already-paid");
    expect(await mailsOf(order.id, "payment-confirmed")).toBe(1);
    expect((await auditOf(order.id)).filter((a) => a.action === "order-marked-paid")).toHaveLength(1);
    expect((await eventsOf(order.id)).filter((e) => e.paymentStatus === "SUCCEEDED")).toHaveLength(1);
  });

  it("refuses online orders, paid orders and cancelled orders with 409 and a reason, changing nothing", async () => {
    const online = await placeOnline("BCA");
    expect(await refusal(markPaid(online.id, staff))).toMatchObject({ status: 409, code: "not-cash" });
    expect(await orderRow(online.id)).toMatchObject({ status: "PENDING", paymentStatus: "PENDING" });

    const paid = await paidOrder();
    expect(await refusal(markPaid(paid.id, staff))).toMatchObject({ status: 409, code: "already-paid" });

    const cancelled = await placeCash();
    await changeStatus(cancelled.id, "CANCELLED", { reason: "customer-request" }, staff);
    expect(await refusal(markPaid(cancelled.id, staff))).toMatchObject({ status: 409, code: "cancelled" });
    expect(await orderRow(cancelled.id)).toMatchObject({ status: "CANCELLED" });
    expect(await mailsOf(cancelled.id, "payment-confirmed")).toBe(0);

    expect(await refusal(markPaid("00000000-0000-4000-8000-000000000000", staff))).toMatchObject({ status: 404 });
    expect(await refusal(markPaid("not-an-id", staff))).toMatchObject({ status: 404 });
  });

  it("a contacted cash order goes to PROCESSING when paid", async () => {
    const order = await placeCash();
    await changeStatus(order.id, "CONTACTED", {}, staff);
    expect(await markPaid(order.id, staff)).toMatchObject({ status: "PROCESSING", paymentStatus: "SUCCEEDED" });
  });

  // A status that is none ("PAID") is the route's 400 (plugins/route-bodies.integration.test.ts).
  it("the staff API: SUCCEEDED on a cash order is Mark as Paid; anything else is refused with 409", async () => {
    const order = await placeCash();
    expect(await refusal(updatePaymentStatusByApi(order.id, "FAILED", staff))).toMatchObject({ status: 409 });
    expect(await updatePaymentStatusByApi(order.id, "SUCCEEDED", staff)).toMatchObject({
      status: "PROCESSING",
      paymentStatus: "SUCCEEDED",
    });
    expect(await refusal(updatePaymentStatusByApi(order.id, "SUCCEEDED", staff))).toMatchObject({ status: 409, code: "already-paid" });
    const online = await placeOnline("QRIS");
    expect(await refusal(updatePaymentStatusByApi(online.id, "SUCCEEDED", staff))).toMatchObject({ status: 409, code: "not-cash" });
  });
});

describe("status changes", () => {
  it("allows only the machine's moves, and work statuses only once paid", async () => {
    const order = await placeCash();
    expect(await refusal(changeStatus(order.id, "PROCESSING", {}, staff))).toMatchObject({ status: 409, code: "not-paid" });
    expect(await refusal(changeStatus(order.id, "DELIVERED", {}, staff))).toMatchObject({ status: 409, code: "move-not-allowed" });
    expect(await refusal(changeStatus(order.id, "BOGUS", {}, staff))).toMatchObject({ status: 400 });
    expect((await changeStatus(order.id, "CONTACTED", {}, staff)).order.status).toBe("CONTACTED");

    const paid = await paidOrder();
    expect((await changeStatus(paid.id, "IN_PROGRESS", {}, staff)).order.status).toBe("IN_PROGRESS");
    // A pickup order is completed, never shipped.
    expect(await refusal(changeStatus(paid.id, "SHIPPED", { carrier: "DHL", trackingNumber: "123" }, staff))).toMatchObject({
      code: "pickup-not-shipped",
    });
    expect((await changeStatus(paid.id, "COMPLETED", {}, staff)).order.status).toBe("COMPLETED");
    expect(await refusal(changeStatus(paid.id, "CANCELLED", { reason: "customer-request" }, staff))).toMatchObject({
      status: 409,
      code: "move-not-allowed",
    });
    const audit = (await auditOf(paid.id)).filter((a) => a.action === "order-status");
    expect(audit.map((a) => [a.before?.status, a.after?.status])).toEqual([
      ["PROCESSING", "IN_PROGRESS"],
      ["IN_PROGRESS", "COMPLETED"],
    ]);
    // A stale form (the order moved meanwhile) changes nothing.
    const other = await paidOrder();
    expect(await refusal(changeStatus(other.id, "IN_PROGRESS", { expected: "PENDING" }, staff))).toMatchObject({ code: "stale" });
    const detail = await orderDetail(other.id);
    expect(detail?.can.moves).toEqual(["CONTACTED", "IN_PROGRESS", "CANCELLED"]);
  });

  it("SHIPPED needs a tracking number, stores carrier and number and mails the tracking link", async () => {
    const order = await paidOrder("LION_PARCEL");
    await changeStatus(order.id, "IN_PROGRESS", {}, staff);
    expect(await refusal(changeStatus(order.id, "SHIPPED", { carrier: "Lion Parcel" }, staff))).toMatchObject({
      status: 400,
      code: "tracking-required",
    });
    expect((await orderRow(order.id)).status).toBe("IN_PROGRESS");
    const { order: shipped } = await changeStatus(order.id, "SHIPPED", { carrier: "lion parcel", trackingNumber: "11LP1700000001" }, staff);
    expect(shipped).toMatchObject({ status: "SHIPPED", carrier: "Lion Parcel", trackingNumber: "11LP1700000001" });
    const [mail] = await mailRows(order.id, "order-shipped");
    expect(mail!.text).toContain("https://lionparcel.com/track/stt?q=11LP1700000001");
    expect(mail!.text).toContain("11LP1700000001");
    expect(mail!.html).toContain("https://lionparcel.com/track/stt?q=11LP1700000001");
    expect((await auditOf(order.id)).at(-1)).toMatchObject({
      action: "order-status",
      before: { status: "IN_PROGRESS" },
      after: { status: "SHIPPED", carrier: "Lion Parcel", trackingNumber: "11LP1700000001" },
    });
    expect((await changeStatus(order.id, "DELIVERED", {}, staff)).order.status).toBe("DELIVERED");
    expect(await mailsOf(order.id, "order-shipped")).toBe(1);
  });

  it("a Lion Parcel order shipped without naming the carrier goes with Lion Parcel and mails Lion Parcel's tracking page", async () => {
    const order = await paidOrder("LION_PARCEL");
    await changeStatus(order.id, "IN_PROGRESS", {}, staff);
    const { order: shipped } = await changeStatus(order.id, "SHIPPED", { trackingNumber: "11LP1700000042" }, staff);
    expect(shipped).toMatchObject({ status: "SHIPPED", carrier: "Lion Parcel", trackingNumber: "11LP1700000042" });
    const [mail] = await mailRows(order.id, "order-shipped");
    expect(mail!.text).toContain("https://lionparcel.com/track/stt?q=11LP1700000042");
    expect(mail!.html).toContain("https://lionparcel.com/track/stt?q=11LP1700000042");
    expect(mail!.text).not.toContain("dhl.com");
    expect(mail!.html).not.toContain("dhl.com");
  });

  it("a DHL parcel gets DHL's tracking page; another carrier gets no link (Russian order: Russian mail)", async () => {
    const dhl = await paidOrder("LION_PARCEL");
    await changeStatus(dhl.id, "IN_PROGRESS", {}, staff);
    await changeStatus(dhl.id, "SHIPPED", { carrier: "DHL", trackingNumber: "1234567890" }, staff);
    expect((await mailRows(dhl.id, "order-shipped"))[0]!.text).toContain(
      "https://www.dhl.com/id-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890",
    );

    const ru = await placeCash("ru", "LION_PARCEL");
    await markPaid(ru.id, staff);
    await changeStatus(ru.id, "IN_PROGRESS", {}, staff);
    await changeStatus(ru.id, "SHIPPED", { carrier: "JNE", trackingNumber: "JNE-42" }, staff);
    const [mail] = await mailRows(ru.id, "order-shipped");
    expect(mail).toMatchObject({ locale: "ru" });
    expect(mail!.subject).toContain("отправлен");
    expect(mail!.text).toContain("JNE-42");
    expect(mail!.text).not.toContain("dhl.com");
    expect(mail!.text).not.toContain("lionparcel.com");
  });

  it("CANCELLED needs a reason, mails it, and cancels the order's open payment request at Xendit", async () => {
    const order = await placeOnline("BCA");
    const { attempt } = await startPayment(order.id, paymentMethodByCode("BCA")!);
    const prId = attempt.xenditRequestId!;
    expect(h.simulator.paymentRequest(prId)?.status).toBe("REQUIRES_ACTION");
    expect(await refusal(changeStatus(order.id, "CANCELLED", {}, staff))).toMatchObject({ status: 400, code: "reason-required" });

    const result = await changeStatus(order.id, "CANCELLED", { reason: { text: "The straw for this colour ran out." } }, staff);
    expect(result.order).toMatchObject({ status: "CANCELLED", paymentStatus: "FAILED" });
    expect(result.payments).toEqual({ cancelled: [prId], notCancelled: [] });
    expect(h.simulator.paymentRequest(prId)?.status).toBe("CANCELED");
    const [saved] = await h.database.db.selectFrom("paymentAttempts").selectAll().where("id", "=", attempt.id).execute();
    expect(saved!.status).toBe("CANCELLED");
    const [mail] = await mailRows(order.id, "order-cancelled");
    expect(mail!.text).toContain("The straw for this colour ran out.");
    expect(await mailsOf(order.id, "payment-failed")).toBe(0);
    const events = await eventsOf(order.id);
    expect(events.map((e) => e.reason)).toContain(`payment request ${prId} cancelled at Xendit`);
    expect((await auditOf(order.id)).at(-1)).toMatchObject({
      action: "order-status",
      before: { status: "PENDING", paymentStatus: "PENDING" },
      after: { status: "CANCELLED", paymentStatus: "FAILED", reason: "The straw for this colour ran out." },
    });
  });

  it("records a payment request Xendit would not cancel (already ended there)", async () => {
    const order = await placeOnline("BNI");
    const { attempt } = await startPayment(order.id, paymentMethodByCode("BNI")!);
    const prId = attempt.xenditRequestId!;
    // Cancelled at Xendit behind the shop's back: Xendit refuses a second cancel.
    await fetch(`${h.simulator.url}/v3/payment_requests/${prId}/cancel`, {
      method: "POST",
      headers: { Authorization: `Basic ${Buffer.from("xnd_development_test_only_key:").toString("base64")}`, "api-version": "2024-11-11" },
    });
    const result = await changeStatus(order.id, "CANCELLED", { reason: "unavailable" }, staff);
    expect(result.payments?.cancelled).toEqual([]);
    expect(result.payments?.notCancelled).toMatchObject([{ id: prId }]);
    const events = await eventsOf(order.id);
    expect(events.some((e) => e.reason.startsWith(`payment request ${prId} could not be cancelled at Xendit`))).toBe(true);
    expect((await mailRows(order.id, "order-cancelled"))[0]!.text).toContain("unable to make this hat");
  });
});

describe("e-mails and notes", () => {
  it("sends a staff e-mail once per form, in the order's language, kept on the order and audited", async () => {
    const order = await placeCash("ru");
    const email = {
      subject: "Вопрос по заказу",
      text: "Здравствуйте!\n\nКакой цвет ленты <b>вы</b> хотите?",
      nonce: "form-nonce-0123456789abcdef",
    };
    const results = await Promise.all([sendOrderEmail(order.id, email, staff), sendOrderEmail(order.id, email, staff)]);
    expect(results.map((r) => r.sent).sort()).toEqual([false, true]);
    const mails = await mailRows(order.id, "staff-message");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: bali.email, locale: "ru", subject: "Вопрос по заказу" });
    expect(mails[0]!.text).toContain("Какой цвет ленты <b>вы</b> хотите?");
    expect(mails[0]!.html).toContain("&lt;b&gt;вы&lt;/b&gt;");
    expect(mails[0]!.text).toContain("Это письмо о вашем заказе");
    expect((await auditOf(order.id)).filter((a) => a.action === "order-email")).toMatchObject([
      { after: { to: bali.email, subject: "Вопрос по заказу" } },
    ]);
    // A new form (a new nonce) is a new mail.
    expect((await sendOrderEmail(order.id, { ...email, nonce: "form-nonce-fedcba9876543210" }, staff)).sent).toBe(true);
    expect(await refusal(sendOrderEmail(order.id, { ...email, subject: "  " }, staff))).toMatchObject({
      status: 400,
      code: "subject-required",
    });
    expect(await refusal(sendOrderEmail(order.id, { ...email, text: "" }, staff))).toMatchObject({ status: 400, code: "text-required" });
    expect(await refusal(sendOrderEmail(order.id, { ...email, nonce: "x" }, staff))).toMatchObject({ status: 400 });
    // The stored text is what the mail page shows.
    const detail = await orderDetail(order.id);
    const shown = detail!.mails.find((m) => m.template === "staff-message")!;
    expect((await orderMail(order.id, String(shown.id)))?.text).toContain("Какой цвет ленты");
    expect(await orderMail("00000000-0000-4000-8000-000000000000", String(shown.id))).toBeNull();
  });

  it("adds notes of 1 to 5,000 characters, with an audit row", async () => {
    const order = await placeCash();
    await addNote(order.id, "  Customer will come on Friday.  ", staff);
    expect(await refusal(addNote(order.id, "   ", staff))).toMatchObject({ status: 400, code: "text-required" });
    expect(await refusal(addNote(order.id, "x".repeat(5001), staff))).toMatchObject({ status: 400, code: "too-long" });
    await addNote(order.id, "x".repeat(5000), staff);
    const notes = await h.database.db.selectFrom("orderNotes").selectAll().where("orderId", "=", order.id).orderBy("id").execute();
    expect(notes.map((n) => n.text)).toEqual(["Customer will come on Friday.", "x".repeat(5000)]);
    expect(notes[0]).toMatchObject({ author: staff.label });
    expect((await auditOf(order.id)).filter((a) => a.action === "order-note")).toHaveLength(2);
  });
});

describe("the order page's data", () => {
  it("brings the order, attempts with Xendit ids, history, mails, notes and audit; null for unknown ids", async () => {
    const order = await placeOnline("BCA");
    const { attempt } = await startPayment(order.id, paymentMethodByCode("BCA")!);
    await addNote(order.id, "Asked about the size.", staff);
    const detail = await orderDetail(order.id);
    expect(detail).not.toBeNull();
    expect(detail!.order.orderNumber).toBe(order.orderNumber);
    expect(detail!.productExists).toBe(true);
    expect(detail!.attempts).toMatchObject([
      { xenditRequestId: attempt.xenditRequestId, status: "PENDING", amount: order.totalIdr, flag: null },
    ]);
    expect(detail!.history[0]).toMatchObject({ status: "PENDING" });
    expect(detail!.mails.map((m) => m.template).sort()).toEqual(["order-received", "shop-new-order"]);
    expect(detail!.notes).toMatchObject([{ text: "Asked about the size." }]);
    expect(detail!.audit).toMatchObject([{ action: "order-note" }]);
    expect(detail!.can).toEqual({ markPaid: false, balance: false, moves: ["CONTACTED", "CANCELLED"] });
    expect(detail!.estimate.quoted).not.toBeNull();
    expect(await orderDetail("00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await orderDetail("1 or 1=1")).toBeNull();
  });
});
