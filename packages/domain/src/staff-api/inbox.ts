import { z } from "zod";
import { inboxFilters } from "../inbox.ts";
import { locales } from "../locale.ts";
import { pageOf } from "../staff-api.ts";

/**
 * The staff console's inbox (`/api/admin/inbox…`): contact messages, their replies and their state.
 * Replies are checked with the same schema as the old admin page's form (validation/reply.ts).
 */

/** A message's state: handled, else unread (nobody opened it), else open. */
const inboxStates = ["unread", "open", "handled"] as const;
export type InboxState = (typeof inboxStates)[number];

/** The inbox's page sizes; the first is the default (the old admin page's 20). */
export const inboxPageSizes = [20, 50, 100] as const;

/**
 * GET /api/admin/inbox: one page of messages, newest first. `filter` is the old page's (all, unread,
 * open, handled), so its bookmarks keep their meaning; an unknown value is a 400 naming it.
 */
export const inboxListRequest = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (inboxPageSizes as readonly number[]).includes(n), `one of ${inboxPageSizes.join(", ")}`)
    .default(inboxPageSizes[0]),
  filter: z.enum(inboxFilters).default("all"),
});
export type InboxListRequest = z.infer<typeof inboxListRequest>;

/** One row of the inbox. Dates are ISO 8601. */
const inboxRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  locale: z.enum(locales),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  handledAt: z.string().nullable(),
  state: z.enum(inboxStates),
});
export type InboxRow = z.infer<typeof inboxRow>;

export const inboxListAnswer = pageOf(inboxRow);
export type InboxListAnswer = z.infer<typeof inboxListAnswer>;

/** A reply as the outbox keeps it; `by` is who sent it (as the audit log names them). */
const inboxReply = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  by: z.string().nullable(),
});

/** GET /api/admin/inbox/:id (opening marks it read), and what PATCH answers. */
export const inboxMessageAnswer = z.object({
  message: inboxRow.extend({ message: z.string() }),
  replies: z.array(inboxReply),
});
export type InboxMessageAnswer = z.infer<typeof inboxMessageAnswer>;

/** PATCH /api/admin/inbox/:id: handled, or open again. */
export const inboxHandledRequest = z.object({ handled: z.boolean({ error: "true or false" }) });

/** POST /api/admin/inbox/:id/replies (body: validation/reply.ts): `queued` is false when this form (its nonce) was already sent. */
export const inboxReplyAnswer = z.object({ queued: z.boolean() });
