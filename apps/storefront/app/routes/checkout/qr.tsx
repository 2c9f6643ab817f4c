import { paymentPage } from "@workshop/api/checkout/payment-pages.ts";
import { paymentsSandbox } from "@workshop/api/config.ts";
import { QrNotAvailable } from "#app/components/payment/PaymentNotices.tsx";
import { QrPayment } from "#app/components/payment/QrPayment.tsx";
import { metaLocale, translator } from "#app/i18n/core.ts";
import { payments } from "#app/i18n/payments.ts";
import { redirectIn } from "#app/web/locale.ts";
import type { Route } from "./+types/qr";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translator(payments, metaLocale(matches));
  return [{ title: loaderData?.qrImageUrl === null ? t("qr.notAvailable.title") : t("qr.meta") }, { name: "robots", content: "noindex" }];
};

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * GET /checkout/qr?order_id=…&payment_id=…: a QRIS payment of an order placed from this browser.
 * Anything else goes back to the payment step; another method to its instructions; a payment
 * already made to the success page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const payment = await paymentPage(request, "qr");
  if ("redirect" in payment) throw redirectIn(request, payment.redirect);
  return {
    orderId: payment.orderId,
    orderNumber: payment.orderNumber,
    paymentId: payment.paymentId,
    record: payment.record,
    qrImageUrl: payment.qrString ? `/checkout/qr-code/${encodeURIComponent(payment.paymentId)}.svg` : null,
    qrDownloadUrl: `/checkout/qr-code/${encodeURIComponent(payment.paymentId)}.png`,
    deepLink: payment.deepLink,
    sandbox: paymentsSandbox(),
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
