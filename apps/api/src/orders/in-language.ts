import { customHatName } from "@workshop/domain/custom-quote.ts";
import { isLocale } from "@workshop/domain/locale.ts";
import { type Db, getDb } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";

type Named = { productId: number | null; productName: string; color: string };

/**
 * An order keeps its hat's name and colour as they were when it was placed, in English (the
 * shop's record). A customer reads them in their language: the product's own text in it, when
 * the product still has one; otherwise the stored English. Pass `tx` inside a transaction.
 */
export async function ordersInLanguage<T extends Named>(orders: readonly T[], languageOf: (order: T) => string, tx?: Tx): Promise<T[]> {
  const ids = [...new Set(orders.filter((o) => languageOf(o) !== "en" && o.productId !== null).map((o) => o.productId!))];
  if (ids.length === 0) return orders.map((order) => customInLanguage(order, languageOf(order)));
  const db: Db = tx ?? (await getDb());
  const rows = await db.selectFrom("products").select(["id", "translations"]).where("id", "in", ids).execute();
  const texts = new Map(rows.map((r) => [r.id, r.translations]));
  return orders.map((order) => {
    const locale = languageOf(order);
    if (order.productId === null) return customInLanguage(order, locale);
    const t = isLocale(locale) && locale !== "en" ? texts.get(order.productId)?.[locale] : undefined;
    return t ? { ...order, productName: t.name || order.productName, color: t.color || order.color } : order;
  });
}

export async function orderInLanguage<T extends Named>(order: T, locale: string, tx?: Tx): Promise<T> {
  return (await ordersInLanguage([order], () => locale, tx))[0]!;
}

/** A custom hat has no product: its name ('Custom Fedora (request #C12)') is said in the language. */
function customInLanguage<T extends Named>(order: T, locale: string): T {
  const custom = order.productId === null ? /^Custom (.+) \(request #C(\d+)\)$/.exec(order.productName) : null;
  if (!custom || locale !== "ru") return order;
  return { ...order, productName: customHatName(Number(custom[2]), custom[1]!, "ru") };
}
