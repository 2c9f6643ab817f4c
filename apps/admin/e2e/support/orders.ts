import { deliveryCostCents } from "@workshop/domain/delivery.ts";
import { baliAddress, orderPayload } from "@workshop/testing/sample-orders.ts";
import { apiURL, consoleURL } from "../browser.ts";
import { testOwner } from "./staff.ts";

/**
 * A cash-in-store order placed through the shop's API (cash needs a Bali address), sent by Lion
 * Parcel, by a customer reading `locale`: of the first hat in stock, or of the product `productId`
 * in its first size.
 */
export async function placeCashOrder(
  customer: Partial<typeof baliAddress> = {},
  locale: "en" | "ru" = "en",
  productId?: number,
): Promise<{ id: string; orderNumber: string }> {
  const base = await orderPayload(apiURL());
  const cost = deliveryCostCents("LION_PARCEL") / 100;
  const hat = productId === undefined ? null : await hatToOrder(productId);
  const body = {
    ...base,
    ...hat,
    shippingAddress: { ...baliAddress, ...customer },
    shipping: { method: "LION_PARCEL", cost },
    total: (hat?.price ?? base.price) + cost,
    paymentMethod: "CASH_IN_STORE",
  };
  const answer = await fetch(`${apiURL()}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Accept-Language": locale },
    body: JSON.stringify(body),
  });
  if (answer.status !== 201) throw new Error(`Order refused: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as { id: string; orderNumber: string };
}

/** The order body's fields for one product of the shop (SPEC's GET /api/products/:id): its id, first size and price. */
async function hatToOrder(productId: number): Promise<{ productId: number; selectedSize: number; price: number }> {
  const answer = await fetch(`${apiURL()}/api/products/${productId}`);
  if (answer.status !== 200) throw new Error(`No product ${productId}: ${answer.status}`);
  const product = (await answer.json()) as { price: number; sizes: { sizeInCm: number }[] };
  return { productId, selectedSize: product.sizes[0]!.sizeInCm, price: product.price };
}

/** A staff member (an owner when asked) named Wayan, added by the owner through the API, with the password the shop made. */
export async function newStaffMember(
  locale: "en" | "ru" = "en",
  role: "staff" | "owner" = "staff",
): Promise<{ email: string; password: string }> {
  const origin = { Origin: consoleURL(), "Content-Type": "application/json" };
  const signedIn = await fetch(`${apiURL()}/api/admin/session`, { method: "POST", headers: origin, body: JSON.stringify(testOwner) });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { csrfToken } = (await signedIn.json()) as { csrfToken: string };
  const email = `wayan-${Date.now()}-${locale}-${role}@workshop.test`;
  const added = await fetch(`${apiURL()}/api/admin/staff`, {
    method: "POST",
    headers: { ...origin, Cookie: cookie, "X-CSRF-Token": csrfToken },
    body: JSON.stringify({ email, name: "Wayan", role, locale, choice: "generate" }),
  });
  if (added.status !== 201) throw new Error(`Staff member refused: ${added.status} ${await added.text()}`);
  return { email, password: ((await added.json()) as { password: string }).password };
}
