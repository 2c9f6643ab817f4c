import { z } from "zod";
import { locales } from "../locale.ts";
import { pageOf } from "../staff-api.ts";
import { recordChange } from "./record-changes.ts";

/**
 * The staff console's custom requests (`/api/admin/custom-orders…`): the list, one request with
 * what staff do with it (status, notes, an e-mail to the customer), and its quotes. Bodies are
 * checked with the schemas the old admin pages used (validation/reply.ts, custom-quote.ts).
 */

/** A request's status (the status machine is the API's: custom-orders/status.ts, decision 025). */
export const customOrderStatuses = ["NEW", "CONTACTED", "QUOTED", "IN_PROGRESS", "COMPLETED", "CANCELLED"] as const;
export type CustomOrderStatus = (typeof customOrderStatuses)[number];

/** The list's page sizes; the first is the default (the old admin page's 10). */
export const customOrderPageSizes = [10, 25, 50, 100] as const;

/**
 * GET /api/admin/custom-orders?page&size&status&q: newest first. `status` as the old page's
 * filter; `q` finds a name or e-mail (a part of it) or a number (#C12). An unknown value is a 400 naming it.
 */
export const customOrderListRequest = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (customOrderPageSizes as readonly number[]).includes(n), `one of ${customOrderPageSizes.join(", ")}`)
    .default(customOrderPageSizes[0]),
  status: z.enum(customOrderStatuses).optional(),
  q: z.string().trim().max(100).optional(),
});
export type CustomOrderListRequest = z.infer<typeof customOrderListRequest>;

/** One row of the list; `hatType` and `material` are the shop's English values (the console names them). ISO dates. */
const customOrderRow = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  hatType: z.string(),
  material: z.string(),
  status: z.enum(customOrderStatuses),
});
export type CustomOrderRow = z.infer<typeof customOrderRow>;

export const customOrderListAnswer = pageOf(customOrderRow);
export type CustomOrderListAnswer = z.infer<typeof customOrderListAnswer>;

/** A mail the shop sent about the request (the outbox's row). */
const customOrderMail = z.object({
  id: z.number().int(),
  template: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

/** GET /api/admin/custom-orders/:id, and what the writes answer. Blank fields are empty strings / null (the console says so). */
export const customOrderAnswer = z.object({
  request: z.object({
    id: z.number().int(),
    createdAt: z.string(),
    status: z.enum(customOrderStatuses),
    locale: z.enum(locales),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    hatType: z.string(),
    material: z.string(),
    color: z.string(),
    size: z.string(),
    budgetMin: z.number().int().nullable(),
    budgetMax: z.number().int().nullable(),
    /** The budget as the customer typed it. */
    budget: z.string(),
    timeline: z.string(),
    details: z.string(),
    /** Links (the API's, signed for an hour) to the private reference photos, for staff only. */
    photos: z.array(z.string()),
    adminNotes: z.string(),
    /** The notes' version the notes form sends back, so a save over someone else's newer notes is refused. */
    notesVersion: z.string(),
  }),
  /** Where the status may go from here. */
  moves: z.array(z.enum(customOrderStatuses)),
  /** The subject an e-mail with a blank one gets, in the customer's language. */
  defaultSubject: z.string(),
  mails: z.array(customOrderMail),
  /** The request's audit trail, newest first. */
  changes: z.array(recordChange),
});
export type CustomOrderAnswer = z.infer<typeof customOrderAnswer>;

/** PATCH /api/admin/custom-orders/:id/status: `expected` is the status the form was shown with (a stale form is a 409). */
export const customOrderStatusRequest = z.object({
  next: z.enum(customOrderStatuses, { error: "one of the statuses" }),
  expected: z.enum(customOrderStatuses, { error: "one of the statuses" }),
});

/** The notes' longest text (validation/custom-order.ts's adminNotesMax). */
const notesMax = 10_000;

/** PUT /api/admin/custom-orders/:id/notes: the whole text (empty clears them) and the version the form was shown with. */
export const customOrderNotesRequest = z.object({
  notes: z.string({ error: "required" }).max(notesMax, "tooLong"),
  version: z.string({ error: "required" }).min(1, "required").max(64),
});

/** PUT notes answers whether anything changed; POST …/messages (body: validation/reply.ts) whether a mail was queued (false: this form was already sent). */
export const customOrderNotesAnswer = z.object({ changed: z.boolean() });
export const customOrderMessageAnswer = z.object({ queued: z.boolean() });

/** A quote's state, as custom-quote.ts's quoteState computes it. */
const quoteStates = ["open", "accepted", "expired", "withdrawn", "superseded"] as const;

/** GET /api/admin/custom-orders/:id/quotes: the request in short, its quotes newest first, the orders they made, and what the form may do. */
export const customQuotesAnswer = z.object({
  request: z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    hatType: z.string(),
    material: z.string(),
    size: z.string(),
    budget: z.string(),
    timeline: z.string(),
    details: z.string(),
    status: z.enum(customOrderStatuses),
    locale: z.enum(locales),
  }),
  quotes: z.array(
    z.object({
      id: z.number().int(),
      version: z.number().int(),
      priceCents: z.number().int(),
      depositCents: z.number().int(),
      description: z.string(),
      productionTime: z.string(),
      validUntil: z.string(),
      state: z.enum(quoteStates),
      link: z.string(),
      by: z.string(),
      at: z.string(),
      withdrawable: z.boolean(),
    }),
  ),
  orders: z.array(z.object({ id: z.string(), orderNumber: z.string(), status: z.string(), paymentStatus: z.string() })),
  /** Why no new version can be written (the limit, or an order made from a quote), else null. */
  refusal: z.enum(["limit", "ordered"]).nullable(),
  nextVersion: z.number().int(),
  /** Today and the suggested last valid day, YYYY-MM-DD in the workshop's time zone. */
  today: z.string(),
  suggestedValidUntil: z.string(),
});
export type CustomQuotesAnswer = z.infer<typeof customQuotesAnswer>;

/** POST /api/admin/custom-orders/:id/quotes: body custom-quote.ts's quoteFormSchema (price as typed, e.g. "120.50"); 201 with where it was mailed. */
export const customQuoteSentAnswer = z.object({ email: z.string() });
