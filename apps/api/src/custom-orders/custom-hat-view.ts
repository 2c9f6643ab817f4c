import type { CustomHatAnswer } from "@workshop/domain/shop-api/custom-hat.ts";
import type { hatTypes } from "@workshop/domain/validation/custom-order.ts";
import { getDb } from "#server/db/client.ts";
import { customerPhotoLink } from "./signed-links.ts";

/**
 * A studio shot of the seeded catalogue (db/seed) for each hat type of the /custom form: the
 * picture of a request that came without a photo, a hat of the kind the customer asked for.
 */
const likeHats: Record<(typeof hatTypes)[number], string> = {
  "Sun Hat": "products/hat-05-1.webp",
  "Beach Hat": "products/hat-10-1.webp",
  Fedora: "products/hat-17-1.webp",
  "Panama Hat": "products/hat-01-1.webp",
  "Bucket Hat": "products/hat-06-1.webp",
  "Wide Brim Hat": "products/hat-11-1.webp",
  Other: "products/hat-22-1.webp",
};

const likeHat = (hatType: string) => (Object.hasOwn(likeHats, hatType) ? likeHats[hatType as keyof typeof likeHats] : likeHats.Other);

/**
 * What the customer's checkout and order pages show of the hat a request asked for (decision 049):
 * its size as sent, the quote's production time, and its first reference photo by a link signed for
 * the customer (only these pages, the customer's own, are given it), else a hat of its kind.
 * Null when the request is gone.
 */
export async function customHatOf(customOrderId: number, productionTime: string, now = Date.now()): Promise<CustomHatAnswer | null> {
  const db = await getDb();
  const [request, photo] = await Promise.all([
    db.selectFrom("customOrders").select(["size", "hatType"]).where("id", "=", customOrderId).executeTakeFirst(),
    db
      .selectFrom("customOrderPhotos")
      .select("id")
      .where("customOrderId", "=", customOrderId)
      .orderBy("position")
      .orderBy("createdAt")
      .limit(1)
      .executeTakeFirst(),
  ]);
  if (!request) return null;
  return {
    size: request.size,
    productionTime,
    picture: photo ? { kind: "reference", url: customerPhotoLink(photo.id, now) } : { kind: "catalogue", key: likeHat(request.hatType) },
  };
}

/** The same for an order: a custom hat's placed from a quote (the quote's production time); null for a catalogue hat's. */
export async function customHatOfOrder(order: { customOrderId: number | null; quoteId: number | null }): Promise<CustomHatAnswer | null> {
  if (order.customOrderId === null || order.quoteId === null) return null;
  const db = await getDb();
  const quote = await db.selectFrom("customQuotes").select("productionTime").where("id", "=", order.quoteId).executeTakeFirst();
  return quote ? customHatOf(order.customOrderId, quote.productionTime) : null;
}
