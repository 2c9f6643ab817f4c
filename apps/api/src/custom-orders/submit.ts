import type { Locale } from "@workshop/domain/locale.ts";
import type { CustomOrderInput } from "@workshop/domain/validation/custom-order.ts";
import { sql } from "kysely";
import { config } from "#server/config.ts";
import { getDb } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";
import { deliverQueuedMail, enqueueMails } from "#server/mail/index.ts";
import { budgetRange } from "./budget.ts";
import { notExpired } from "./reference-photos.ts";

export const photoUnusable = "A reference image was not found or is already part of another request. Please upload it again.";

/**
 * Stores a custom hat request (input already checked by customOrderSchema) with status NEW, takes
 * its reference photos (each id once: a photo already taken, expired or unknown, refuses the whole request
 * and nothing is stored), and queues in the same transaction the customer's acknowledgement (in
 * the page's language) and the shop's copy (SHOP_MAIL_TO, English, Reply-To the customer). The
 * address is unconfirmed, so the acknowledgement gets the request's number alone: nothing the
 * sender typed reaches it; the shop's copy carries the whole request.
 */
export async function submitCustomOrder(input: CustomOrderInput, locale: Locale): Promise<number> {
  const db = await getDb();
  const { referenceImages, ...fields } = input;
  const range = budgetRange(fields.budget);
  const mails: number[] = [];
  const id = await db.transaction().execute(async (tx) => {
    const request = await tx
      .insertInto("customOrders")
      .values({ ...fields, budgetMin: range.min, budgetMax: range.max, locale })
      .returningAll()
      .executeTakeFirst();
    if (!request) throw new Error("Custom order insert returned nothing");
    if (referenceImages.length > 0) {
      const taken = await tx
        .updateTable("customOrderPhotos")
        .set({ customOrderId: request.id, position: sql<number>`array_position(${referenceImages}::text[], custom_order_photos.id)` })
        .where("id", "in", referenceImages)
        .where("customOrderId", "is", null)
        .where(notExpired)
        .returning("id")
        .execute();
      if (taken.length !== referenceImages.length) throw new AppError("invalid", photoUnusable);
    }
    await enqueueMails(
      [
        {
          template: "custom-order-received",
          vars: { request: { id: request.id } },
          dedupeKey: `custom-order-received:${request.id}`,
          locale,
          to: request.email,
          customOrderId: request.id,
        },
        {
          template: "shop-custom-order",
          vars: { request, photos: referenceImages.length },
          dedupeKey: `shop-custom-order:${request.id}`,
          locale: "en",
          to: config().SHOP_MAIL_TO,
          customOrderId: request.id,
        },
      ],
      { tx, later: mails },
    );
    return request.id;
  });
  await deliverQueuedMail(mails).catch((error: unknown) => console.error("custom order mail: delivery not queued yet:", error));
  return id;
}
