import { returnDestination } from "@workshop/api/checkout/return.ts";
import { checkoutCookie } from "@workshop/api/checkout/session.ts";
import { redirectIn } from "#app/web/locale.ts";
import type { Route } from "./+types/return";

/**
 * Where Xendit's pages (card form, e-wallet, pay-later) send the customer back: the payment is
 * looked up at Xendit, then the success or the failed page shows what really happened.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { location, sessionId } = await returnDestination(request, new URL(request.url).searchParams);
  const headers: HeadersInit = sessionId ? { "Set-Cookie": await checkoutCookie(sessionId) } : {};
  return redirectIn(request, location, { headers });
}
