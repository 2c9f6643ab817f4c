import { paymentMethodName } from "@workshop/domain/payment-methods.ts";
import { instructionsPageAnswer } from "@workshop/domain/shop-api/payments.ts";
import { apiGet } from "#app/api/client.server.ts";
import { paymentQuery } from "#app/api/payment-query.server.ts";
import { PaymentInstructions } from "#app/components/payment/PaymentInstructions.tsx";
import { InstructionsNotAvailable } from "#app/components/payment/PaymentNotices.tsx";
import { metaLocale, translator, useLocale } from "#app/i18n/core.ts";
import { payments } from "#app/i18n/payments.ts";
import { privatePage } from "#app/web/cache-policy.ts";
import { redirectIn } from "#app/web/locale.ts";
import type { Route } from "./+types/payment-instructions";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translator(payments, metaLocale(matches));
  return [{ title: loaderData ? t("instructions.meta") : t("instructions.notAvailable.title") }, { name: "robots", content: "noindex" }];
};

export const headers: Route.HeadersFunction = privatePage;

/**
 * GET /checkout/payment-instructions?order_id=…&payment_id=…: how to pay a bank transfer, a store
 * payment or another method without a QR code, for an order placed from this browser. Anything
 * else goes back to the payment step; a QRIS payment to its QR page; a payment already made to
 * the success page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const payment = await apiGet(request, `/api/shop/checkout/payment-instructions?${paymentQuery(request)}`, instructionsPageAnswer);
  if ("next" in payment) throw redirectIn(request, payment.next);
  return payment;
}

export default function PaymentInstructionsPage({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const { method } = loaderData;
  // Cash and the test card have no provider payment to instruct for.
  if (method.type === "CASH_IN_STORE" || method.type === "TEST_CARD") return <InstructionsNotAvailable />;
  // A new payment (Try Again) is a new page: its state starts afresh.
  return <PaymentInstructions key={loaderData.paymentId} {...loaderData} methodName={paymentMethodName(method.code, locale)} />;
}

/** The payment could not be read just now (SPEC 2.10's 'Payment Instructions Not Available'). */
export function ErrorBoundary() {
  return <InstructionsNotAvailable />;
}
