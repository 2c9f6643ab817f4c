import { redirectIn } from "../../../server/locale.ts";
import type { Route } from "./+types/return";
import { returnDestination } from "../../../server/payments/return.ts";

/**
 * Where Xendit's pages (card form, e-wallet, pay-later) send the customer back: the payment is
 * looked up at Xendit, then the success or the failed page shows what really happened.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  return redirectIn(request, await returnDestination(request, query.get("order_id"), query.get("attempt")));
}
