import { z } from "zod";

/** GET /api/shop/versions: the counters of what storefronts keep copies of (decision 022); each rises with every change. */
export const shopVersionsAnswer = z.object({ catalog: z.number().int().nonnegative() });

/**
 * The header in which a storefront sends, with each call, the catalogue's version its page is
 * rendered at: the API instance that answers first acts on that version if it has not yet (several
 * instances behind one balancer learn of a change each on its own watch).
 */
export const CATALOG_VERSION_HEADER = "x-catalog-version";

/** GET /api/shop/settings: how the shop runs, as every page shows it. */
export const shopSettingsAnswer = z.object({
  /** No Xendit key: payments run in the built-in sandbox and the pages say so. */
  paymentsSandbox: z.boolean(),
});
export type ShopSettings = z.infer<typeof shopSettingsAnswer>;
