import { nextAnswer } from "@workshop/domain/shop-api/checkout.ts";
import { data } from "react-router";
import { ApiRefusal, apiCall, relayHeaders } from "#app/api/client.server.ts";
import { redirectIn } from "#app/web/locale.ts";
import type { Route } from "./+types/test-checkout";

/**
 * /test-checkout (sandbox only): the API fills the checkout with a sample hat, a sample Bali address
 * and Lion Parcel, then the payment step opens. In production mode (a Xendit key) the API refuses
 * it, and so this page does not exist.
 */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const answer = await apiCall(request, "/api/shop/checkout/test-checkout", { method: "POST", answer: nextAnswer });
    return redirectIn(request, answer.data.next, { headers: relayHeaders(answer) });
  } catch (error) {
    if (error instanceof ApiRefusal && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}
