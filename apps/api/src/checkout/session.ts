import { randomUUID } from "node:crypto";
import type { DeliveryOptionId } from "@workshop/domain/delivery.ts";
import type { ShippingAddressInput } from "@workshop/domain/validation/address.ts";
import type { FastifyReply } from "fastify";
import { sql } from "kysely";
import { config } from "#server/config.ts";
import { batched } from "#server/db/batched.ts";
import { getDb } from "#server/db/client.ts";
import { json } from "#server/db/json.ts";
import type { Caller } from "#server/http/caller.ts";
import { decodedCookieValue, encodedCookieValue } from "#server/http/cookie-value.ts";

const CHECKOUT_COOKIE = "checkout";
const MAX_AGE_SECONDS = 30 * 24 * 3600;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What the customer has chosen so far; later checkout steps add to it. */
export type CheckoutData = {
  productId?: number | null;
  productName?: string | null;
  selectedSize?: number | null;
  /** Price in US cents, read from the database when the product was chosen. */
  priceCents?: number | null;
  /**
   * A custom hat's accepted quote instead of a product (docs/decisions/026-custom-quotes.md): only
   * its id is kept; every step reads the price from the quote row.
   */
  quoteId?: number | null;
  shippingAddress?: ShippingAddressInput | null;
  deliveryOption?: DeliveryOptionId | null;
  /** Orders placed from this browser: only these show on the success pages. */
  placedOrderIds?: string[];
  /** The placed order this browser is paying online: the payment step offers to pay it (again). */
  payOrderId?: string | null;
};

/**
 * The browser's checkout id: HttpOnly, SameSite=Lax, for a month, Secure when the shop is served over
 * https; its base64 percent-escaped (`=` as %3D), as browsers were given it before.
 */
const cookieOptions = () =>
  ({
    path: "/",
    maxAge: MAX_AGE_SECONDS,
    httpOnly: true,
    sameSite: "lax",
    secure: config().publicUrl.startsWith("https:"),
    encode: encodeURIComponent,
  }) as const;

/** This browser's checkout id, or null without one (or with anything that is not an id). */
export async function checkoutIdOf(request: Pick<Caller, "cookies">): Promise<string | null> {
  const value = request.cookies[CHECKOUT_COOKIE];
  const id = value ? decodedCookieValue(value) : null;
  return typeof id === "string" && uuidPattern.test(id) ? id : null;
}

/** The checkout cookie's value for this id, as the browser sends it back (request.cookies). */
export const checkoutCookieValue = (id: string): string => encodedCookieValue(id);

/** Gives the browser this checkout id: the answer's Set-Cookie. */
export function setCheckoutCookie(reply: FastifyReply, id: string): FastifyReply {
  return reply.setCookie(CHECKOUT_COOKIE, checkoutCookieValue(id), cookieOptions());
}

/** Changes part of the checkout data of an existing session (null clears a field); false when the browser has none. */
export async function updateCheckout(request: Pick<Caller, "cookies">, patch: Partial<CheckoutData>): Promise<boolean> {
  const id = await checkoutIdOf(request);
  if (!id) return false;
  const db = await getDb();
  const updated = await db
    .updateTable("checkoutSessions")
    .set({ data: sql`checkout_sessions.data || ${JSON.stringify(patch)}::jsonb`, updatedAt: sql`now()` })
    .where("id", "=", id)
    .returning("id")
    .execute();
  return updated.length > 0;
}

export async function readCheckout(request: Pick<Caller, "cookies">): Promise<CheckoutData | null> {
  const id = await checkoutIdOf(request);
  return id ? readSession(id) : null;
}

// Every checkout page reads its session first: pages loading at the same time read theirs with one
// statement (see db/batched.ts), each from the database, after its request arrived.
const readSession = batched(async (ids: string[]): Promise<(CheckoutData | null)[]> => {
  const db = await getDb();
  const rows = await db
    .selectFrom("checkoutSessions")
    .select(["id", "data"])
    .where("id", "in", [...new Set(ids)])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row.data as CheckoutData]));
  return ids.map((id) => byId.get(id) ?? null);
});

/**
 * Starts the checkout with a product choice (Order Now replaces any earlier choice; an address
 * typed before is kept). Returns the session id for the cookie: the existing one when the browser
 * has a live session.
 */
export async function startCheckout(request: Pick<Caller, "cookies">, data: CheckoutData): Promise<string> {
  const db = await getDb();
  const existing = await checkoutIdOf(request);
  if (existing) {
    const updated = await db
      .updateTable("checkoutSessions")
      .set({ data: sql`checkout_sessions.data || ${JSON.stringify(data)}::jsonb`, updatedAt: sql`now()` })
      .where("id", "=", existing)
      .returning("id")
      .execute();
    if (updated[0]) return updated[0].id;
  }
  return insertSession(data);
}

// Sessions begun at the same moment (orders placed through the JSON API, Order Now) are stored
// with one statement (see db/batched.ts); their ids are made here, so each knows its own.
const insertSession = batched(async (rows: CheckoutData[]): Promise<string[]> => {
  const db = await getDb();
  const ids = rows.map(() => randomUUID());
  await db
    .insertInto("checkoutSessions")
    .values(rows.map((data, i) => ({ id: ids[i]!, data: json<Record<string, unknown>>(data) })))
    .execute();
  return ids;
});

/** Forgets this browser's checkout entirely; the answer's cookie removes the browser's id. */
export async function clearCheckout(request: Pick<Caller, "cookies">, reply: FastifyReply): Promise<void> {
  const id = await checkoutIdOf(request);
  if (id) {
    const db = await getDb();
    await db.deleteFrom("checkoutSessions").where("id", "=", id).execute();
  }
  reply.setCookie(CHECKOUT_COOKIE, "", { ...cookieOptions(), maxAge: 0 });
}
