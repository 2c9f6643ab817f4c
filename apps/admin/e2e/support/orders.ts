import { deliveryCostCents } from "@workshop/domain/delivery.ts";
import { baliAddress, orderPayload } from "@workshop/testing/sample-orders.ts";
import { apiURL, consoleURL } from "../browser.ts";
import { testOwner } from "./staff.ts";

/** A cash-in-store order placed through the shop's API (cash needs a Bali address), sent by Lion Parcel, by a customer reading `locale`. */
export async function placeCashOrder(
  customer: Partial<typeof baliAddress> = {},
  locale: "en" | "ru" = "en",
): Promise<{ id: string; orderNumber: string }> {
  const base = await orderPayload(apiURL());
  const cost = deliveryCostCents("LION_PARCEL") / 100;
  const body = {
    ...base,
    shippingAddress: { ...baliAddress, ...customer },
    shipping: { method: "LION_PARCEL", cost },
    total: base.price + cost,
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
