import { z } from "zod";
import { isLocale, type Locale } from "./locale.ts";

/**
 * The parts of the JSON API's requests that its public routes check with these schemas before
 * they run (the API's zod type provider). Staff routes check their queries inside, after the staff
 * check: a stranger learns nothing of what they take. Bodies are read by the one service each
 * route calls, with the schemas of validation/, whose field messages speak the customer's language.
 */

/** A language asked for in a query: English unless `ru` (anything else is no choice, not an error). */
export const langParam = z
  .unknown()
  .optional()
  .transform((value): Locale => (isLocale(value) ? value : "en"));

/** A record's id in a path, as sent: each endpoint says what it names (an unknown one is its 404). */
export const idParams = z.object({ id: z.string() });

/** A query value as text: the first of a repeated one, at most 100 characters (ids are shorter). */
export const queryText = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (Array.isArray(value) ? value[0] : value)?.slice(0, 100));

/** GET /api/products/:id?lang= */
export const productQuery = z.object({ lang: langParam });

/** GET /api/xendit/payment-status?paymentId= or ?orderId= */
export const paymentStatusQuery = z.object({ paymentId: queryText, orderId: queryText });
