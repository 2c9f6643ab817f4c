import { langParam } from "../api-requests.ts";
import { customOrderSchema } from "../validation/custom-order.ts";

/**
 * POST /api/shop/custom-orders {name, email, phone, hatType, material, size, color, details, budget,
 * timeline, referenceImages, lang} (public, rate-limited: customOrders): the custom hat request
 * (shop-api/forms.ts), `referenceImages` the ids POST /api/custom-orders/uploads answered the
 * browser → 201 formTakenAnswer, the customer's acknowledgement mailed in `lang`; a wrong field → 400 with
 * customOrderFormErrors' words (a photo already used, expired or unknown: `referenceImages`).
 */
export const customOrderRequest = customOrderSchema.extend({ lang: langParam });
