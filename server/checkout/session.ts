import { eq, sql } from "drizzle-orm";
import { getDb } from "../db/client.ts";
import { checkoutSessions } from "../db/schema.ts";

export const CHECKOUT_COOKIE = "checkout";
const MAX_AGE_SECONDS = 30 * 24 * 3600;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What the customer has chosen so far; later checkout steps add to it. */
export type CheckoutData = {
  productId?: number;
  productName?: string;
  selectedSize?: number | null;
  /** Price in US cents, read from the database when the product was chosen. */
  priceCents?: number;
};

export function checkoutIdOf(request: Request): string | null {
  const header = request.headers.get("cookie") ?? "";
  const match = header.match(new RegExp(`(?:^|;\\s*)${CHECKOUT_COOKIE}=([^;]+)`));
  const id = match?.[1]?.toLowerCase();
  return id && uuidPattern.test(id) ? id : null;
}

export function checkoutCookie(id: string, secure: boolean): string {
  return `${CHECKOUT_COOKIE}=${id}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export async function readCheckout(request: Request): Promise<CheckoutData | null> {
  const id = checkoutIdOf(request);
  if (!id) return null;
  const db = await getDb();
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
  return (row?.data as CheckoutData | undefined) ?? null;
}

/**
 * Starts the checkout over with a product choice (Order Now replaces any earlier choice).
 * Returns the session id for the cookie: the existing one when the browser has a live session.
 */
export async function startCheckout(request: Request, data: CheckoutData): Promise<string> {
  const db = await getDb();
  const existing = checkoutIdOf(request);
  if (existing) {
    const updated = await db
      .update(checkoutSessions)
      .set({ data, updatedAt: sql`now()` })
      .where(eq(checkoutSessions.id, existing))
      .returning({ id: checkoutSessions.id });
    if (updated[0]) return updated[0].id;
  }
  const [created] = await db.insert(checkoutSessions).values({ data }).returning({ id: checkoutSessions.id });
  if (!created) throw new Error("Checkout session insert returned nothing");
  return created.id;
}
