import { z } from "zod";

/**
 * A record's audit trail as its console page shows it ("Changes"): who did what, when, and the
 * "field: before → after" lines (audit-changes.ts). Actions are named as the audit log names them.
 */
export const recordChange = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** A staff e-mail, "api token" or "system". */
  actor: z.string(),
  action: z.string(),
  changes: z.array(z.string()),
});
export type RecordChange = z.infer<typeof recordChange>;
