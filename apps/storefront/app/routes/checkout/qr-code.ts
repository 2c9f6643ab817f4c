import { checkoutPayment } from "@workshop/api/checkout/payment-pages.ts";
import { qrPng, qrSvg } from "@workshop/api/payments/qr-svg.ts";
import type { Route } from "./+types/qr-code";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "private, no-store" } });

/**
 * GET /checkout/qr-code/<payment id>.svg (shown on the page) or .png (saved to a phone's gallery):
 * the QR code of a QRIS payment of an order placed from this browser.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const [, paymentId, kind] = /^([A-Za-z0-9_-]{1,100})\.(svg|png)$/.exec(params.file) ?? [];
  if (!paymentId) return notFound();
  const payment = await checkoutPayment(request, { paymentId });
  if (!payment?.qrString || payment.paymentId !== paymentId) return notFound();
  const cache = "private, max-age=600";
  if (kind === "png") {
    const png = await qrPng(payment.qrString);
    return new Response(new Uint8Array(png), {
      headers: {
        "Content-Type": "image/png",
        "Cache-Control": cache,
        "Content-Disposition": `attachment; filename="QRIS-${payment.orderNumber}.png"`,
      },
    });
  }
  return new Response(await qrSvg(payment.qrString), {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": cache },
  });
}
