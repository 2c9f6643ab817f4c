import { clearCheckout } from "@workshop/api/checkout/session.ts";
import { redirectIn } from "#app/web/locale.ts";
import type { Route } from "./+types/clear";

/** POST /checkout/clear: empties the checkout (the hat, address and delivery chosen) and goes back to the shop. */
export async function action({ request }: Route.ActionArgs) {
  return redirectIn(request, "/products", { headers: { "Set-Cookie": await clearCheckout(request) } });
}

export function loader({ request }: Route.LoaderArgs) {
  return redirectIn(request, "/checkout/confirmation");
}
