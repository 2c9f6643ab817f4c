import { z } from "zod";
import { apiPagination } from "./orders.ts";

/** Custom hat requests in the older JSON API (SPEC section 7: `/api/custom-orders…`). */

/** POST /api/custom-orders (201): the request's number. */
export const customOrderCreated = z.object({ id: z.number().int() });

/** POST /api/custom-orders/uploads (201): each reference photo's id, in the order sent, for the request to name. */
export const referencePhotosStored = z.array(z.object({ id: z.string() }));

/** A request as staff see it (SPEC 3, Custom order request (admin view)), with the display defaults filled in. */
const customOrderView = z.object({
  id: z.number().int(),
  submissionDate: z.string(),
  status: z.string(),
  name: z.string(),
  email: z.string(),
  /** 'N/A' when none was given. */
  phone: z.string(),
  hatType: z.string(),
  /** 'To be discussed' when none was given, as `colors`. */
  materials: z.string(),
  colors: z.string(),
  /** 'Standard' when none was given. */
  size: z.string(),
  description: z.string(),
  /** Links to the private photos, signed for an hour. */
  referenceImages: z.array(z.string()),
  /** US dollars read from the customer's budget; 100 and 500 when it names none. */
  budgetMin: z.number(),
  budgetMax: z.number(),
  /** '4-6 weeks' when none was given. */
  timeline: z.string(),
});

/** GET /api/custom-orders?page&limit&status (staff): newest first, one page. */
export const customOrderList = z.object({ customOrders: z.array(customOrderView), pagination: apiPagination });
