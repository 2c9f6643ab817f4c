import { z } from "zod";

/** Custom hat requests in the older JSON API (SPEC section 7: `/api/custom-orders`). */

/** POST /api/custom-orders (201): the request's number. */
export const customOrderCreated = z.object({ id: z.number().int() });
