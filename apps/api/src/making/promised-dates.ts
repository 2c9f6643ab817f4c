import { productionDays } from "@workshop/domain/custom-quote.ts";
import {
  type DayRange,
  deliveryDays,
  deliveryOptionIds,
  deliveryWindow,
  formatDeliveryDay,
  isDeliveryOptionId,
  makingDays,
} from "@workshop/domain/delivery.ts";
import type { Locale } from "@workshop/domain/locale.ts";
import { madeToOrderWindow, type WorkshopDay, workshopDayOf } from "@workshop/domain/making-stages.ts";
import { momentOfWorkshopDay } from "@workshop/domain/opening-hours.ts";
import type { ProductMakingAnswer } from "@workshop/domain/shop-api/catalog.ts";
import { cachedRead } from "#server/catalog/read-cache.ts";
import { type Db, getDb } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import { activeStages } from "./stage-list.ts";

/**
 * The time a hat takes before it leaves the workshop, as the shop's promised dates count it
 * (docs/decisions/055-stage-mails-and-promised-days.md): a hat made to order, the usual working
 * days of the making stages (in the workshop's opening days); a custom hat, its quote's production
 * time; a ready hat in stock, the shop's 5–10 business days as before (delivery.ts).
 */
export type MakingTime = { stages: readonly { usualDays: number }[] } | { range: DayRange };

/** A custom hat's making time: its quote's production time. */
export const quotedMakingTime = (productionTime: string): MakingTime => ({ range: productionDays(productionTime) });

/** A ready hat in stock: the business days the shop has always promised. */
export const readyHatMakingTime: MakingTime = { range: makingDays };

/**
 * The making time of hats of the collection, by product id: made to order (every hat unless staff
 * marked it a ready hat in stock; a product since deleted, as start.ts counts it) takes the stages.
 */
export async function collectionMakingTimes(db: Db | Tx, productIds: readonly number[]): Promise<Map<number, MakingTime>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const [products, stages] = await Promise.all([
    db.selectFrom("products").select(["id", "madeToOrder"]).where("id", "in", ids).execute(),
    activeStages(db),
  ]);
  const ready = new Set(products.filter((product) => !product.madeToOrder).map((product) => product.id));
  return new Map(ids.map((id) => [id, ready.has(id) ? readyHatMakingTime : { stages }]));
}

/** The making time of one hat of the collection. */
export async function collectionMakingTime(db: Db | Tx, productId: number): Promise<MakingTime> {
  return (await collectionMakingTimes(db, [productId])).get(productId)!;
}

/**
 * A placed order's hat of the collection, when made to order: its usual making time in working days;
 * null for a ready hat in stock and a custom hat (their pages say the business days, or the quote's time).
 */
export async function orderMakingWorkingDays(
  db: Db | Tx,
  order: { customOrderId: number | null; quoteId: number | null; productId: number | null },
): Promise<number | null> {
  if (order.customOrderId !== null || order.quoteId !== null || order.productId === null) return null;
  return usualWorkingDays(await collectionMakingTime(db, order.productId));
}

/** A hat made to order's usual working days; null for a making time in business days (a ready or a custom hat). */
export const usualWorkingDays = (making: MakingTime): number | null =>
  "stages" in making ? making.stages.reduce((sum, stage) => sum + stage.usualDays, 0) : null;

/**
 * When a hat paid at `from` arrives by `option` (for pickup: is ready), the earliest and the latest
 * day: its making, then the carrier's business days. Null for an option the shop does not have.
 */
export function promisedWindow(option: string, from: Date, making: MakingTime): { earliest: Date; latest: Date } | null {
  if (!isDeliveryOptionId(option)) return null;
  return "stages" in making ? madeToOrderWindow(option, from, making.stages) : deliveryWindow(option, from, making.range);
}

/** The delivery day an order placed at `placedAt` is promised: the last day of its window, kept with the order. */
export function promisedDeliveryDay(option: string, placedAt: Date, making: MakingTime): WorkshopDay | null {
  const window = promisedWindow(option, placedAt, making);
  return window ? workshopDayOf(window.latest) : null;
}

/**
 * The stage list as product pages show it: kept with the catalogue's reads (a product page asks for
 * it on every call; a change of the list changes the catalogue's version, replaceStages).
 */
const shownStages = () => cachedRead("making-stages", async () => activeStages(await getDb()));

/**
 * A hat of the collection's page: when it would come, ordered and paid `today`, if it is made to
 * order (its making time and ready day, then each delivery's window); null for a ready hat in stock.
 */
export async function productMaking(madeToOrder: boolean, locale: Locale, today = new Date()): Promise<ProductMakingAnswer | null> {
  if (!madeToOrder) return null;
  const making = { stages: await shownStages() };
  const windows = deliveryOptionIds.map((id) => ({ id, window: madeToOrderWindow(id, today, making.stages) }));
  return {
    workingDays: usualWorkingDays(making)!,
    readyDay: formatDeliveryDay(momentOfWorkshopDay(windows[0]!.window.ready), locale),
    delivery: windows.map(({ id, window }) => ({ id, ...deliveryDays(window, locale) })),
  };
}
