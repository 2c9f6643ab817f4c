import { qrPageAnswer } from "@workshop/domain/shop-api/payments.ts";
import { apiGet } from "#app/api/client.server.ts";
import { paymentQuery } from "#app/api/payment-query.server.ts";
import { QrNotAvailable } from "#app/components/payment/PaymentNotices.tsx";
import { QrPayment } from "#app/components/payment/QrPayment.tsx";
import { metaLocale, translator } from "#app/i18n/core.ts";
import { payments } from "#app/i18n/payments.ts";
import { privatePage } from "#app/web/cache-policy.ts";
import { redirectIn } from "#app/web/locale.ts";
import type { Route } from "./+types/qr";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translator(payments, metaLocale(matches));
  return [{ title: loaderData?.qrImageUrl === null ? t("qr.notAvailable.title") : t("qr.meta") }, { name: "robots", content: "noindex" }];
};

export const headers: Route.HeadersFunction = privatePage;

/**
 * GET /checkout/qr?order_id=…&payment_id=…: a QRIS payment of an order placed from this browser.
 * Anything else goes back to the payment step; another method to its instructions; a payment
 * already made to the success page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const payment = await apiGet(request, `/api/shop/checkout/qr?${paymentQuery(request)}`, qrPageAnswer);
  if ("next" in payment) throw redirectIn(request, payment.next);
  const file = encodeURIComponent(payment.paymentId);
  return {
    orderId: payment.orderId,
    orderNumber: payment.orderNumber,
    paymentId: payment.paymentId,
    record: payment.record,
    qrImageUrl: payment.hasQrCode ? `/checkout/qr-code/${file}.svg` : null,
    qrDownloadUrl: `/checkout/qr-code/${file}.png`,
    deepLink: payment.deepLink,
    sandbox: payment.sandbox,
  };
}

export default function QrPage({ loaderData }: Route.ComponentProps) {
  const { qrImageUrl, ...rest } = loaderData;
  if (!qrImageUrl) return <QrNotAvailable />;
  // A new payment (Try Again) is a new page: its state and countdown start afresh.
  return <QrPayment key={rest.paymentId} {...rest} qrImageUrl={qrImageUrl} />;
}

/** The payment could not be read just now: no QR code to show, and the way back to try again. */
export function ErrorBoundary() {
  return <QrNotAvailable />;
}
