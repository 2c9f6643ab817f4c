import { nextAnswer } from "@workshop/domain/shop-api/checkout.ts";
import { apiCall, relayHeaders } from "#app/api/client.server.ts";
import { redirectIn } from "#app/web/locale.ts";
import type { Route } from "./+types/clear";

/** POST /checkout/clear: empties the checkout (the hat, address and delivery chosen) and goes back to the shop. */
export async function action({ request }: Route.ActionArgs) {
  const answer = await apiCall(request, "/api/shop/checkout/clear", { method: "POST", answer: nextAnswer });
  return redirectIn(request, answer.data.next, { headers: relayHeaders(answer) });
}

export function loader({ request }: Route.LoaderArgs) {
  return redirectIn(request, "/checkout/confirmation");
}
