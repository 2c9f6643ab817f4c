/**
 * The ids a payment page's address carries (?order_id=…&payment_id=…, as Xendit and the shop's
 * links spell them), as the API's payment pages take them (?orderId=&paymentId=), with `extra`
 * (the language). Only the first of a repeated id counts, as on the page.
 */
export function paymentQuery(request: Request, extra: Record<string, string> = {}): string {
  const page = new URL(request.url).searchParams;
  const query = new URLSearchParams();
  const orderId = page.get("order_id");
  const paymentId = page.get("payment_id");
  if (orderId) query.set("orderId", orderId);
  if (paymentId) query.set("paymentId", paymentId);
  for (const [name, value] of Object.entries(extra)) query.set(name, value);
  return query.toString();
}
