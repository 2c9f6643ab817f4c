import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { Insertable } from "kysely";
import type { DatabaseHandle } from "#server/db/client.ts";
import { json } from "#server/db/json.ts";
import type { OrdersTable } from "#server/db/types.ts";
import { setPaymentStatus } from "#server/orders/queries.ts";
import { startSession } from "#server/staff/sessions.ts";

/** A signed-in console: its session cookie (on an https shop) and the CSRF token its writes carry. */
export type Browser = { cookie: string; token: string };

/** A staff account and a session of it, as the console holds one after signing in. */
export async function signedIn(database: DatabaseHandle, email: string, name: string, role: "owner" | "staff"): Promise<Browser> {
  const { id } = await database.db
    .insertInto("staffAccounts")
    .values({ email, name, role, passwordHash: "not used here" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: session, formToken } = await startSession(id, { ip: "127.0.0.1", userAgent: "test" });
  return { cookie: `__Host-staff=${session}`, token: formToken };
}

export type ConsoleCall = (
  url: string,
  options?: { as?: Browser; body?: unknown; method?: InjectOptions["method"]; token?: string | null },
) => Promise<LightMyRequestResponse>;

/** A call as the console on `origin` makes it: its origin, the cookie and (unless `token: null`) the CSRF token. */
export function consoleCalls(app: FastifyInstance, origin: string): ConsoleCall {
  return (url, { as, body, method = "GET", token } = {}) =>
    app.inject({
      method,
      url,
      headers: {
        origin,
        ...(as ? { cookie: as.cookie } : {}),
        ...(as && token !== null ? { "x-csrf-token": token ?? as.token } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
}

let serial = 0;

/**
 * An order of a hat of the collection (product 1 unless given), placed by bank transfer for DHL
 * and then paid as a payment's webhook pays it: its making starts (decision 054) unless the hat is
 * a ready one. Other columns (a custom hat's) as given. Answers the order's id.
 */
export async function paidOrder(database: DatabaseHandle, columns: Partial<Insertable<OrdersTable>> = {}): Promise<string> {
  serial += 1;
  const { id } = await database.db
    .insertInto("orders")
    .values({
      orderNumber: `RT-M${String(serial).padStart(5, "0")}`,
      accessToken: `making-order-${serial}-${"x".repeat(32)}`.slice(0, 32),
      status: "PENDING",
      paymentStatus: "PENDING",
      paymentMethod: "BCA",
      productId: 1,
      productName: "Ubud Sun Fedora",
      size: 57,
      color: "Natural",
      priceCents: 12_000,
      shippingAddress: json({
        fullName: "Made Wirawan",
        email: "made@example.com",
        phone: "+62 812 3456 789",
        addressLine1: "Jl. Raya Ubud 10",
        city: "Ubud",
        state: "Bali",
        postalCode: "80571",
        country: "Indonesia",
      }),
      deliveryOption: "DHL",
      deliveryCostCents: 3_000,
      totalCents: 15_000,
      usdToIdrRate: "16777.30",
      totalIdr: 2_516_595,
      locale: "en",
      ...columns,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await setPaymentStatus(id, "SUCCEEDED", "paid (test)");
  return id;
}
