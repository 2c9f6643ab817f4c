import type { ProviderStatus } from "@workshop/domain/payment-record.ts";

/** The QR and instructions pages' own state (SPEC 4, "QR and instructions pages"). */
export type PaymentPageState = "pending" | "succeeded" | "failed" | "expired";

/**
 * SUCCEEDED is success; FAILED and EXPIRED from the provider, and a cancelled payment (which can
 * never be paid any more), are failures; anything else is still pending.
 */
export function pageStateOf(status: ProviderStatus | string): PaymentPageState {
  if (status === "SUCCEEDED") return "succeeded";
  if (status === "FAILED" || status === "EXPIRED" || status === "CANCELLED") return "failed";
  return "pending";
}

/** /checkout/success?order_id=…&payment_id=… */
export function successUrl(orderId: string, paymentId: string): string {
  return `/checkout/success?${new URLSearchParams({ order_id: orderId, payment_id: paymentId })}`;
}

/** /checkout/failed?order_id=…&payment_id=…: why the payment did not go through. */
export function failedUrl(orderId: string, paymentId: string): string {
  return `/checkout/failed?${new URLSearchParams({ order_id: orderId, payment_id: paymentId })}`;
}
