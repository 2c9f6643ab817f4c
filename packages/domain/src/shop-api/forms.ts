import { z } from "zod";

/**
 * The storefront's public forms sent to the API (`POST /api/shop/…`, JSON): the form's fields as
 * typed, and `lang`, the language of the page they were typed in. A refusal is a 400
 * `{error, details: {field: message}}`, each message in that language (i18n/form-errors.ts).
 */

/** A refused form's `details`: what to show beside each wrong field. */
export const formRefusalDetails = z.record(z.string(), z.string());

/** POST /api/shop/contact and POST /api/shop/custom-orders: 201 when the form was taken. */
export const formTakenAnswer = z.object({ ok: z.literal(true) });
