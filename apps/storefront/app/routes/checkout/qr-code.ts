import { qrCodeAnswer } from "@workshop/domain/shop-api/payments.ts";
import { ApiRefusal, apiGet } from "#app/api/client.server.ts";
import type { Route } from "./+types/qr-code";
import { qrPng, qrSvg } from "./qr-svg.server.ts";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "private, no-store" } });

/**
 * GET /checkout/qr-code/<payment id>.svg (shown on the page) or .png (saved to a phone's gallery):
 * the QR code of a QRIS payment of an order placed from this browser, drawn here from the payload
 * the API answers.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const [, paymentId, kind] = /^([A-Za-z0-9_-]{1,100})\.(svg|png)$/.exec(params.file) ?? [];
  if (!paymentId) return notFound();
  let code: { orderNumber: string; qrString: string };
  try {
    code = await apiGet(request, `/api/shop/checkout/qr-code/${paymentId}`, qrCodeAnswer);
  } catch (error) {
    if (error instanceof ApiRefusal) return notFound();
    throw error;
  }
  const cache = "private, max-age=600";
  if (kind === "png") {
    const png = await qrPng(code.qrString);
    return new Response(new Uint8Array(png), {
      headers: {
        "Content-Type": "image/png",
        "Cache-Control": cache,
        "Content-Disposition": `attachment; filename="QRIS-${code.orderNumber}.png"`,
      },
    });
  }
  return new Response(await qrSvg(code.qrString), {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": cache },
  });
}
