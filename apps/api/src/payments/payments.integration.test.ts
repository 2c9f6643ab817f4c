import { paymentMethodByCode } from "@workshop/domain/payment-methods.ts";
import { describe, expect, it } from "vitest";
import { startCheckout } from "#server/checkout/session.ts";
import { checkPaymentStatus, requestPayment } from "#server/checkout/spec-payments.ts";
import { json } from "#server/db/json.ts";
import { orderById } from "#server/orders/queries.ts";
import { callerWith, cookieOf } from "#test-support/cookies.ts";
import { jakartaAddress, TOKEN, usePaymentsHarness } from "#test-support/payments-harness.ts";
import { startPayment } from "./payment-requests.ts";
import { paymentStatus } from "./payment-status.ts";
import { reconcilePayments, refreshAttempt } from "./refresh.ts";
import { createPaymentRequest, paymentRequestPayload } from "./spec-payment-request.ts";
import { receiveWebhook, webhookProcessingIdle } from "./webhooks.ts";

const STAFF = "staff-token-for-the-payment-tests";
process.env.ADMIN_API_TOKEN = STAFF;

const jakarta = jakartaAddress;

async function startOnline(method = "BCA") {
  const order = await placeOnline(method);
  const { attempt, next } = await startPayment(order.id, paymentMethodByCode(method)!);
  return { order, attempt, next, prId: attempt.xenditRequestId! };
}

/** The access check of callers allowed everything (the API's own rules are tested in checkout). */
const anyone = async () => true;

const { h, control, placeOnline, mailsOf, settled } = usePaymentsHarness(jakarta);

describe("creating a payment request", () => {
  it("charges the order's rupiah amount and gives a virtual account; a repeat returns the same request", async () => {
    const { order, attempt, next, prId } = await startOnline("BCA");
    expect(next).toEqual({ kind: "instructions" });
    expect(attempt).toMatchObject({ status: "PENDING", amount: order.totalIdr, currency: "IDR", channelCode: "BCA_VIRTUAL_ACCOUNT" });
    expect(attempt.virtualAccountNumber).toMatch(/^\d{10,}$/);
    expect(h.simulator.paymentRequest(prId)).toMatchObject({ request_amount: order.totalIdr, reference_id: `${order.id}:1` });
    // Only v3's documented channel properties: the slip shows the shop's name, no customer_name.
    expect(Object.keys(h.simulator.paymentRequest(prId)!.channel_properties).sort()).toEqual([
      "display_name",
      "expires_at",
      "virtual_account_number",
    ]);
    const store = await startOnline("INDOMARET");
    expect(Object.keys(h.simulator.paymentRequest(store.prId)!.channel_properties).sort()).toEqual([
      "display_name",
      "expires_at",
      "payment_code",
    ]);

    const again = await startPayment(order.id, paymentMethodByCode("BCA")!);
    expect(again.attempt.xenditRequestId).toBe(prId);
    const attempts = await h.database.db.selectFrom("paymentAttempts").selectAll().where("orderId", "=", order.id).execute();
    expect(attempts).toHaveLength(1);
  });

  it("names no payer on a store payment code: Xendit holds the shop's name there, not the customer's", async () => {
    const store = await startOnline("INDOMARET");
    const record = (await paymentStatus({ paymentId: store.prId }, anyone)).body.payment!;
    expect(record.payment_method.channel_properties).toMatchObject({ payment_code: store.attempt.paymentCode, customer_name: "" });
    // A bank transfer's account name is the shop's, as the bank shows it to the payer.
    const bank = await startOnline("BNI");
    const account = (await paymentStatus({ paymentId: bank.prId }, anyone)).body.payment!;
    expect(account.payment_method.channel_properties).toMatchObject({ customer_name: "Rumah Topi" });
  });

  it("ignores a tampered amount in the API payload and charges the order's amount", async () => {
    const order = await placeOnline("BCA");
    const answer = await createPaymentRequest(
      { orderId: order.id, amount: 1, paymentMethodType: "VIRTUAL_ACCOUNT", channelCode: "BNI", customerData: { email: "x@example.com" } },
      anyone,
    );
    expect(answer).toMatchObject({ orderId: order.id, actions: [] });
    expect(h.simulator.paymentRequest(answer.xenditPaymentId!)?.request_amount).toBe(order.totalIdr);
  });

  it("answers QR and redirect methods with the matching actions", async () => {
    const order = await placeOnline("QRIS");
    const qr = await createPaymentRequest({ orderId: order.id, channelCode: "QRIS" }, anyone);
    expect(qr.actions[0]).toMatchObject({ action: "PRESENT_TO_CUSTOMER", qr_code: expect.stringMatching(/^000201/) });
    const wallet = await createPaymentRequest({ orderId: (await placeOnline("OVO")).id, channelCode: "OVO" }, anyone);
    expect(wallet.actions[0]).toMatchObject({ action: "AUTH", url: expect.stringContaining(`/pay/`) });
  });

  it("refuses bad payloads with a clear error and stores nothing", async () => {
    const order = await placeOnline("BCA");
    expect(paymentRequestPayload.safeParse({ orderId: "nope", channelCode: "BCA" }).success).toBe(false);
    await expect(createPaymentRequest({ orderId: order.id, channelCode: "BITCOIN" }, anyone)).rejects.toMatchObject({
      kind: "invalid",
      message: "Unknown channelCode: BITCOIN",
    });
    await expect(createPaymentRequest({ orderId: order.id, channelCode: "CASH_IN_STORE" }, anyone)).rejects.toMatchObject({
      kind: "invalid",
    });
    const attempts = await h.database.db.selectFrom("paymentAttempts").selectAll().where("orderId", "=", order.id).execute();
    expect(attempts).toHaveLength(0);
  });

  it("moves to a new request when the customer switches method, cancelling the open one", async () => {
    const { order, prId } = await startOnline("BCA");
    const second = await startPayment(order.id, paymentMethodByCode("MANDIRI")!);
    expect(second.attempt.attempt).toBe(2);
    expect(h.simulator.paymentRequest(prId)?.status).toBe("CANCELED");
    expect((await orderById(order.id))?.paymentMethod).toBe("MANDIRI");
  });

  it("leaves one request open when several methods are chosen at the same moment (two tabs, a double click)", async () => {
    const order = await placeOnline("BCA");
    const methods = ["BCA", "MANDIRI", "BNI", "QRIS", "BRI"];
    await Promise.allSettled(methods.map((code) => startPayment(order.id, paymentMethodByCode(code)!)));
    const attempts = await h.database.db.selectFrom("paymentAttempts").selectAll().where("orderId", "=", order.id).execute();
    const openAtXendit = attempts.filter(
      (a) => a.xenditRequestId && h.simulator.paymentRequest(a.xenditRequestId)?.status === "REQUIRES_ACTION",
    );
    expect(openAtXendit.map((a) => a.attempt)).toEqual([Math.max(...attempts.map((a) => a.attempt))]);
  });
});

describe("who may start, switch or check an order's payments", () => {
  const caller = (headers: Record<string, string> = {}) => callerWith(headers, { method: "POST" });
  const switchTo = (orderId: string, channelCode: string) => ({ orderId, channelCode, paymentMethodType: "VIRTUAL_ACCOUNT" });

  it("answers a stranger 404 and changes nothing: the open request stays, the method stays", async () => {
    const { order, prId } = await startOnline("BCA");
    const strangers = [
      caller(),
      caller({ "x-order-token": "A".repeat(32) }),
      caller({ authorization: "Bearer not-the-staff-token-at-all" }),
      caller({ cookie: await cookieOf(await startCheckout(caller(), { placedOrderIds: [] })) }),
    ];
    for (const stranger of strangers) {
      await expect(requestPayment(stranger, switchTo(order.id, "MANDIRI"))).rejects.toMatchObject({
        kind: "not_found",
        message: "Order not found",
      });
      expect((await checkPaymentStatus(stranger, { orderId: order.id })).httpStatus).toBe(404);
      expect((await checkPaymentStatus(stranger, { paymentId: prId })).body).toMatchObject({ success: false, error: "Payment not found" });
    }
    expect(h.simulator.paymentRequest(prId)?.status).not.toBe("CANCELED");
    expect(await orderById(order.id)).toMatchObject({ paymentMethod: "BCA", paymentStatus: "PENDING" });
    expect(await h.database.db.selectFrom("paymentAttempts").selectAll().where("orderId", "=", order.id).execute()).toHaveLength(1);
  });

  it("lets the browser that placed the order, the holder of its private link and staff pay it", async () => {
    const { order } = await startOnline("BCA");
    const browser = caller({ cookie: await cookieOf(await startCheckout(caller(), { placedOrderIds: [order.id] })) });
    const linkHolder = caller({ "x-order-token": order.accessToken });
    const staff = caller({ authorization: `Bearer ${STAFF}` });
    const channels = ["MANDIRI", "BNI", "BRI"];
    for (const [i, allowed] of [browser, linkHolder, staff].entries()) {
      const answer = await requestPayment(allowed, switchTo(order.id, channels[i]!));
      expect(answer).toMatchObject({ orderId: order.id, xenditPaymentId: expect.stringMatching(/^pr-/) });
      expect((await checkPaymentStatus(allowed, { paymentId: answer.xenditPaymentId })).body).toMatchObject({
        success: true,
        status: "PENDING",
      });
    }
    expect(await orderById(order.id)).toMatchObject({ paymentMethod: "BRI" });
  });
});

describe("webhooks", () => {
  it("refuses a wrong or missing callback token with 401 and stores nothing", async () => {
    const before = (
      await h.database.db
        .selectFrom("xenditEvents")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n;
    const body = JSON.stringify({ event: "payment.capture", data: { payment_id: "py-x", payment_request_id: "pr-x" } });
    expect((await receiveWebhook("wrong-token", body, null)).status).toBe(401);
    expect((await receiveWebhook(null, body, null)).status).toBe(401);
    expect((await receiveWebhook(TOKEN.slice(0, -1), body, null)).status).toBe(401);
    expect(
      (
        await h.database.db
          .selectFrom("xenditEvents")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ).toBe(before);
  });

  it("marks the order paid once, with one e-mail, however often the webhook comes", async () => {
    const { order, prId } = await startOnline("BCA");
    await control("/webhooks", { duplicates: 5 });
    await control(`/payment_requests/${prId}/pay`);
    await settled();
    const paid = await orderById(order.id);
    expect(paid).toMatchObject({ status: "PROCESSING", paymentStatus: "SUCCEEDED" });
    expect(await mailsOf(order.id, "payment-confirmed")).toBe(1);
    const paidEvents = await h.database.db
      .selectFrom("orderEvents")
      .selectAll()
      .where("orderId", "=", order.id)
      .where("paymentStatus", "=", "SUCCEEDED")
      .execute();
    expect(paidEvents).toHaveLength(1);
    expect(
      h.simulator.deliveries().filter((d) => d.payment_request_id === prId && d.event === "payment.capture").length,
    ).toBeGreaterThanOrEqual(5);
  });

  it("keeps the order paid when a failure or an expiry arrives after the success", async () => {
    const { order, prId } = await startOnline("BCA");
    await control(`/payment_requests/${prId}/pay`);
    await settled();
    await control(`/payment_requests/${prId}/events`, {
      events: [
        { event: "payment.failure", data: { status: "FAILED", failure_code: "PROCESSOR_ERROR", payment_id: "py-late-failure" } },
        { event: "payment_request.expiry" },
      ],
    });
    await settled();
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: "SUCCEEDED", status: "PROCESSING" });
    expect(await mailsOf(order.id, "payment-failed")).toBe(0);
  });

  it("settles on paid when the success comes before an earlier failure (out of order)", async () => {
    const { order, prId } = await startOnline("BNI");
    await control("/webhooks", { reverse: true, holdMs: 200 });
    await control(`/payment_requests/${prId}/events`, {
      events: [
        { event: "payment.failure", data: { status: "FAILED", failure_code: "PROCESSOR_ERROR", payment_id: "py-early-failure" } },
        { event: "payment.capture" },
      ],
    });
    await settled();
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: "SUCCEEDED" });
  });

  it("flags a payment whose amount or currency differs, and marks nothing paid", async () => {
    const first = await startOnline("BCA");
    await control(`/payment_requests/${first.prId}/pay`, { amount: first.order.totalIdr - 1000 });
    const second = await startOnline("BRI");
    await control(`/payment_requests/${second.prId}/events`, { events: [{ event: "payment.capture", data: { currency: "USD" } }] });
    await settled();
    for (const { order } of [first, second])
      expect(await orderById(order.id)).toMatchObject({ paymentStatus: "PENDING", status: "PENDING" });
    const flagged = await h.database.db.selectFrom("xenditEvents").selectAll().where("outcome", "=", "flagged").execute();
    expect(flagged.map((e) => e.flag)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^amount mismatch/), expect.stringMatching(/^currency mismatch/)]),
    );
  });

  it("marks nothing paid for a success whose amount is missing, not a number or a string, or that has no currency", async () => {
    const cases: Array<(total: number) => Record<string, unknown>> = [
      () => ({ currency: "IDR" }),
      () => ({ currency: "IDR", request_amount: null }),
      () => ({ currency: "IDR", request_amount: "1" }),
      (total) => ({ currency: "IDR", request_amount: String(total) }),
      (total) => ({ currency: "IDR", request_amount: total + 0.5 }),
      (total) => ({ request_amount: total }),
      (total) => ({ currency: "idr", request_amount: total }),
      (total) => ({ currency: "IDR", request_amount: total, captures: [{ capture_amount: String(total) }] }),
    ];
    for (const [i, money] of cases.entries()) {
      const { order, prId, attempt } = await startOnline("BCA");
      const data = {
        payment_id: `py-strict-${i}-${order.id.slice(0, 8)}`,
        payment_request_id: prId,
        reference_id: `${order.id}:${attempt.attempt}`,
        status: "SUCCEEDED",
        ...money(order.totalIdr),
      };
      expect(
        (
          await receiveWebhook(
            TOKEN,
            JSON.stringify({ event: "payment.capture", business_id: "b", created: new Date().toISOString(), data }),
            null,
          )
        ).status,
      ).toBe(200);
      await webhookProcessingIdle();
      expect(await orderById(order.id), JSON.stringify(money(order.totalIdr))).toMatchObject({
        paymentStatus: "PENDING",
        status: "PENDING",
      });
      const event = await h.database.db
        .selectFrom("xenditEvents")
        .selectAll()
        .where("dedupeKey", "=", `payment.capture:${data.payment_id}`)
        .executeTakeFirst();
      expect(event, JSON.stringify(money(order.totalIdr))).toMatchObject({
        outcome: "flagged",
        flag: expect.stringMatching(/^(amount|currency) mismatch/),
      });
    }
  });

  it("fails a payment only when the failure is in the order's currency", async () => {
    const { order, prId } = await startOnline("BNI");
    const failure = (currency: unknown, id: string) =>
      JSON.stringify({
        event: "payment.failure",
        data: {
          payment_id: id,
          payment_request_id: prId,
          status: "FAILED",
          failure_code: "PROCESSOR_ERROR",
          ...(currency === undefined ? {} : { currency }),
        },
      });
    await receiveWebhook(TOKEN, failure("USD", "py-usd-failure"), null);
    await receiveWebhook(TOKEN, failure(undefined, "py-no-currency-failure"), null);
    await webhookProcessingIdle();
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: "PENDING" });
    const flags = (await h.database.db.selectFrom("xenditEvents").selectAll().where("event", "=", "payment.failure").execute()).filter(
      (e) => e.body.data && (e.body.data as { payment_request_id?: string }).payment_request_id === prId,
    );
    expect(flags.map((e) => e.flag)).toEqual([expect.stringMatching(/^currency mismatch/), expect.stringMatching(/^currency mismatch/)]);
    await receiveWebhook(TOKEN, failure("IDR", "py-idr-failure"), null);
    await webhookProcessingIdle();
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: "FAILED" });
  });

  it("processes at once a retried event that was stored but never processed", async () => {
    const { order, prId, attempt } = await startOnline("BRI");
    const body = {
      event: "payment.capture",
      data: {
        payment_id: `py-stored-${order.id.slice(0, 8)}`,
        payment_request_id: prId,
        reference_id: `${order.id}:${attempt.attempt}`,
        status: "SUCCEEDED",
        request_amount: order.totalIdr,
        currency: "IDR",
      },
    };
    // The first delivery was stored, then the process stopped before processing it.
    await h.database.db
      .insertInto("xenditEvents")
      .values({ dedupeKey: `payment.capture:${body.data.payment_id}`, event: body.event, webhookId: "wh-stored", body: json(body) })
      .execute();
    const retry = await receiveWebhook(TOKEN, JSON.stringify(body), "wh-stored");
    expect(retry).toMatchObject({ status: 200, body: { duplicate: true } });
    await webhookProcessingIdle();
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: "SUCCEEDED" });
  });

  it("records and flags an event for a payment the shop does not know", async () => {
    const body = JSON.stringify({
      event: "payment.capture",
      data: {
        payment_id: "py-unknown-1",
        payment_request_id: "pr-unknown-1",
        reference_id: "nobody:1",
        status: "SUCCEEDED",
        request_amount: 100,
        currency: "IDR",
      },
    });
    expect((await receiveWebhook(TOKEN, body, "wh-1")).status).toBe(200);
    await webhookProcessingIdle();
    const event = await h.database.db
      .selectFrom("xenditEvents")
      .selectAll()
      .where("dedupeKey", "=", "payment.capture:py-unknown-1")
      .executeTakeFirst();
    expect(event).toMatchObject({ outcome: "flagged", flag: "unknown payment request" });
    expect(event?.processedAt).not.toBeNull();
  });

  it("is delivered again when the shop did not answer 2xx", async () => {
    const { order, prId } = await startOnline("PERMATA");
    h.failNext = 2;
    await control(`/payment_requests/${prId}/pay`);
    // The retries come due later than idle() waits for.
    await expect
      .poll(
        async () => {
          await settled();
          return (await orderById(order.id))?.paymentStatus;
        },
        { timeout: 10_000 },
      )
      .toBe("SUCCEEDED");
    const attempts = h.simulator.deliveries().filter((d) => d.payment_request_id === prId);
    expect(attempts.length).toBeGreaterThanOrEqual(3);
  });

  it("flags a payment that arrives after the order was cancelled", async () => {
    const { order, prId } = await startOnline("CIMB");
    await h.database.db.updateTable("orders").set({ status: "CANCELLED" }).where("id", "=", order.id).execute();
    await control(`/payment_requests/${prId}/pay`);
    await settled();
    const attempt = await h.database.db.selectFrom("paymentAttempts").selectAll().where("xenditRequestId", "=", prId).executeTakeFirst();
    expect(attempt).toMatchObject({ status: "SUCCEEDED", flag: "paid after the order was cancelled" });
    expect(await orderById(order.id)).toMatchObject({ status: "CANCELLED" });
    // The shop hears of it once, however often Xendit repeats the event.
    await control(`/payment_requests/${prId}/events`, { events: [{ event: "payment.capture" }] });
    await settled();
    expect(await mailsOf(order.id, "shop-payment-flagged")).toBe(1);
  });

  it("turns a failure or an expiry into a failed payment with one e-mail", async () => {
    const failed = await startOnline("MANDIRI");
    await control(`/payment_requests/${failed.prId}/fail`, { failure_code: "PROCESSOR_ERROR" });
    const expired = await startOnline("BSI");
    await control(`/payment_requests/${expired.prId}/expire`);
    await settled();
    expect(await orderById(failed.order.id)).toMatchObject({ paymentStatus: "FAILED", status: "PENDING" });
    expect(await orderById(expired.order.id)).toMatchObject({ paymentStatus: "FAILED", status: "PENDING" });
    expect((await paymentStatus({ paymentId: failed.prId }, anyone)).body).toMatchObject({
      success: true,
      status: "FAILED",
      payment: { failure_reason: "PROCESSOR_ERROR" },
    });
    expect((await paymentStatus({ paymentId: expired.prId }, anyone)).body).toMatchObject({ status: "EXPIRED" });
    expect(await mailsOf(failed.order.id, "payment-failed")).toBe(1);
    expect(await mailsOf(expired.order.id, "payment-failed")).toBe(1);
  });
});

describe("status checks and reconciliation", () => {
  it("answers the Payment record without customer details", async () => {
    const { order, prId } = await startOnline("BCA");
    const { httpStatus, body } = await paymentStatus({ orderId: order.id }, anyone);
    expect(httpStatus).toBe(200);
    expect(body).toMatchObject({
      success: true,
      error: null,
      status: "PENDING",
      payment: {
        id: prId,
        reference_id: order.id,
        amount: order.totalIdr,
        currency: "IDR",
        payment_method: { type: "VIRTUAL_ACCOUNT", channel_code: "BCA" },
      },
    });
    expect(JSON.stringify(body)).not.toContain(jakarta.email);
    expect(JSON.stringify(body)).not.toContain(jakarta.fullName);
    expect((await paymentStatus({ paymentId: "pr-nothing" }, anyone)).httpStatus).toBe(404);
    expect((await paymentStatus({}, anyone)).httpStatus).toBe(400);
  });

  it("repairs a lost webhook", async () => {
    const { order, prId } = await startOnline("BJB");
    await control("/webhooks", { paused: true });
    await control(`/payment_requests/${prId}/pay`);
    await expect.poll(() => h.simulator.paymentRequest(prId)?.status).toBe("SUCCEEDED");
    await fetch(`${h.simulator.url}/_control/webhooks/pending`, { method: "DELETE" });
    await control("/webhooks", { paused: false });
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: "PENDING" });
    const result = await reconcilePayments(new Date(Date.now() + 5 * 60_000));
    expect(result.checked).toBeGreaterThanOrEqual(1);
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: "SUCCEEDED", status: "PROCESSING" });
    expect(await mailsOf(order.id, "payment-confirmed")).toBe(1);
  });

  it("settles on one state when polling and the webhook race", async () => {
    const { order, prId, attempt } = await startOnline("BCA");
    await control(`/payment_requests/${prId}/pay`);
    await expect.poll(() => h.simulator.paymentRequest(prId)?.status).toBe("SUCCEEDED");
    await Promise.all([refreshAttempt(attempt, 0), refreshAttempt(attempt, 0), settled()]);
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: "SUCCEEDED" });
    expect(await mailsOf(order.id, "payment-confirmed")).toBe(1);
    const paidEvents = await h.database.db
      .selectFrom("orderEvents")
      .selectAll()
      .where("orderId", "=", order.id)
      .where("paymentStatus", "=", "SUCCEEDED")
      .execute();
    expect(paidEvents).toHaveLength(1);
  });
});
