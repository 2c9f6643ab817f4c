import { redirect } from "react-router";
import type { Route } from "./+types/clear";
import { clearCheckout } from "../../../server/checkout/session.ts";

/** POST /checkout/clear: empties the checkout (the hat, address and delivery chosen) and goes back to the shop. */
export async function action({ request }: Route.ActionArgs) {
  return redirect("/products", { headers: { "Set-Cookie": await clearCheckout(request) } });
}

export function loader() {
  return redirect("/checkout/confirmation");
}
