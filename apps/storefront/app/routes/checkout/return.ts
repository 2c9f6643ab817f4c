import { nextAnswer } from "@workshop/domain/shop-api/payments.ts";
import { ApiRefusal, apiCall, relayHeaders } from "#app/api/client.server.ts";
import { redirectIn } from "#app/web/locale.ts";
import type { Route } from "./+types/return";

/**
 * Where Xendit's pages (card form, e-wallet, pay-later) send the customer back: the API asks
 * Xendit about the payment, then the success or the failed page shows what really happened. A
 * return the API cannot make sense of goes to the payment step.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const returned = {
    orderId: query.get("order_id"),
    attempt: query.get("attempt"),
    sig: query.get("sig"),
    failed: query.get("failed") === "1",
  };
  try {
    const answer = await apiCall(request, "/api/shop/checkout/return", { method: "POST", body: returned, answer: nextAnswer });
    return redirectIn(request, answer.data.next, { headers: relayHeaders(answer) });
  } catch (error) {
    if (error instanceof ApiRefusal && error.status === 400) return redirectIn(request, "/checkout/payment");
    throw error;
  }
}
