import { AppError } from "#server/errors.ts";
import type { Caller } from "#server/http/caller.ts";
import { attemptByXenditId } from "#server/payments/attempts.ts";
import { refreshAttempt } from "#server/payments/refresh.ts";
import { xendit } from "#server/payments/xendit/connection.ts";
import { sandboxControl } from "#server/payments/xendit/sandbox.ts";
import { checkoutPayment } from "./payment-pages.ts";

/**
 * The sandbox buttons of the checkout pages: 'pay' uses Xendit's test-mode simulate call (as a
 * developer with a test key would), 'fail' the simulator's control API. Only for a payment of
 * an order placed from this browser that waits for the customer.
 */
export async function simulateSandboxOutcome(request: Caller, paymentId: string, outcome: "pay" | "fail"): Promise<void> {
  const payment = await checkoutPayment(request, { paymentId });
  if (!payment) throw new AppError("not_found", "Payment not found");
  if (payment.record.status !== "PENDING") return;
  if (outcome === "pay") await xendit().simulatePayment(payment.paymentId);
  else await sandboxControl(`/payment_requests/${encodeURIComponent(payment.paymentId)}/fail`, { failure_code: "PROCESSOR_ERROR" });
  // The result comes by webhook a moment later; waiting for it lets the page show it at once.
  for (let i = 0; i < 12; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const attempt = await attemptByXenditId(payment.paymentId);
    if (!attempt || (await refreshAttempt(attempt, 0)).status !== "PENDING") return;
  }
}
