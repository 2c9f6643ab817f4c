import { checkoutCookie } from "#server/checkout/session.ts";

/** The `Cookie` request header a browser sends after the shop gave it this checkout id. */
export async function cookieOf(checkoutId: string): Promise<string> {
  return (await checkoutCookie(checkoutId)).split(";")[0]!;
}
