import { failedPaymentAnswer } from "@workshop/domain/shop-api/payments.ts";
import { apiGet } from "#app/api/client.server.ts";
import { paymentQuery } from "#app/api/payment-query.server.ts";
import { type FailedLookup, FailedPayment } from "#app/components/payment/FailedPayment.tsx";
import { metaLocale, translator } from "#app/i18n/core.ts";
import { payments } from "#app/i18n/payments.ts";
import { privatePage } from "#app/web/cache-policy.ts";
import type { Route } from "./+types/failed";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translator(payments, metaLocale(matches))("failed.meta") },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = privatePage;

/**
 * GET /checkout/failed?payment_id=…&order_id=…&error=…: a payment that did not go through. The
 * page shows at once; the payment (of an order placed from this browser) is asked of the API
 * meanwhile and streamed in. A failed lookup is only logged: the page then keeps its generic message.
 */
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const paymentId = query.get("payment_id") || null;
  const orderId = query.get("order_id") || null;
  const error = query.get("error") || null;
  const lookup: Promise<FailedLookup | null> =
    paymentId || orderId
      ? // None of this browser's (404), or an API that cannot answer now (logged by the client): the generic message.
        apiGet(request, `/api/shop/checkout/failed?${paymentQuery(request)}`, failedPaymentAnswer).catch(() => null)
      : Promise.resolve(null);
  return { paymentId, orderId, error, lookup };
}

export default function Failed({ loaderData }: Route.ComponentProps) {
  return <FailedPayment {...loaderData} />;
}
