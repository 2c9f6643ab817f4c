import { customRequest } from "@workshop/testing/custom-request.ts";
import { baliAddress, newYorkAddress, orderPayload } from "@workshop/testing/sample-orders.ts";
/** Sample customers and requests shared by the HTTP tests. */

export const sampleContact = { name: "Ana", email: "ana@example.com", subject: "A hat", message: "Hello" };

export { baliAddress, customRequest, newYorkAddress, orderPayload };

/** Sends a custom request through the API and answers its id. */
export async function sendCustomRequest(origin: string, fields: Partial<typeof customRequest> = {}): Promise<number> {
  const response = await fetch(`${origin}/api/custom-orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...customRequest, ...fields }),
  });
  if (response.status !== 201) throw new Error(`The custom request was refused (${response.status}): ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/**
 * Places an order through the SPEC's API (by `paymentMethod`, not paid yet) and reads its private
 * page's token as the browser that placed it, through the checkout's complete step.
 */
export async function placedOrder(origin: string, paymentMethod = "DANA"): Promise<{ id: string; token: string }> {
  const placed = await fetch(`${origin}/api/orders`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...(await orderPayload(origin)), paymentMethod }),
  });
  if (placed.status !== 201) throw new Error(`The order was refused (${placed.status}): ${await placed.text()}`);
  const { id } = (await placed.json()) as { id: string };
  const cookie = placed.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const complete = await fetch(`${origin}/api/shop/checkout/complete?orderId=${id}`, { headers: { cookie } });
  return { id, token: ((await complete.json()) as { order: { accessToken: string } }).order.accessToken };
}
