import { z } from "zod";

/**
 * One field of an audit row's change (audit-changes.ts): its name and its value before and after,
 * as stored (codes, cents, dates); a side the row has not is left out.
 */
export const fieldChange = z.object({ field: z.string(), before: z.unknown().optional(), after: z.unknown().optional() });

/**
 * A record's audit trail as its console page shows it ("Changes"): who did what, when, and what
 * changed (audit-changes.ts). Actions are named as the audit log names them.
 */
export const recordChange = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** The person by their name (their e-mail when the account has none or is gone), or "api token", "system", "shell". */
  actor: z.string(),
  action: z.string(),
  /** "field: before → after" lines with the values as stored. */
  changes: z.array(z.string()),
  /** The same, field by field, for the console to word in the reader's language (absent from an older API). */
  fields: z.array(fieldChange).optional(),
});
export type RecordChange = z.infer<typeof recordChange>;
