import { langParam } from "../api-requests.ts";
import { contactSchema } from "../validation/contact.ts";

/**
 * POST /api/shop/contact {name, email, subject, message, lang} (public, rate-limited: contact): the
 * contact form (shop-api/forms.ts), stored for the shop's inbox with its language → 201
 * formTakenAnswer; a wrong field → 400 with contactFormErrors' words.
 */
export const contactRequest = contactSchema.extend({ lang: langParam });
