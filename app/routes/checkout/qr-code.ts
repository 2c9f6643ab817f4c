import type { Route } from "./+types/qr-code";
import { checkoutPayment } from "../../../server/payments/checkout-payment.ts";
import { qrSvg } from "../../../server/payments/qr-svg.ts";

const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "private, no-store" } });

/** GET /checkout/qr-code/<payment id>.svg: the QR code of a QRIS payment of an order placed from this browser. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const paymentId = /^([A-Za-z0-9_-]{1,100})\.svg$/.exec(params.file)?.[1];
  if (!paymentId) return notFound();
  const payment = await checkoutPayment(request, { paymentId });
  if (!payment?.qrString || payment.paymentId !== paymentId) return notFound();
  return new Response(await qrSvg(payment.qrString), {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "private, max-age=600" },
  });
}
