import { z } from "zod";
import { auditActions } from "../audit-actions.ts";
import { pageOf } from "../staff-api.ts";
import { fieldChange } from "./record-changes.ts";

/** The audit log in the staff console (owners): GET /api/admin/audit. */

export const auditPageSizes = [50, 25, 100] as const;
export const auditSorts = ["-createdAt", "createdAt"] as const;
/** The kinds of record a row may be about, for the filter. */
export const auditRecordTypes = ["order", "staff", "message", "product", "custom-order"] as const;

/** GET /api/admin/audit: every parameter optional; a value the log does not know is a 400 naming it. */
export const auditListRequest = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (auditPageSizes as readonly number[]).includes(n), `one of ${auditPageSizes.join(", ")}`)
    .default(auditPageSizes[0]),
  sort: z.enum(auditSorts).default(auditSorts[0]),
  person: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  kind: z.enum(auditActions).optional(),
  type: z.enum(auditRecordTypes).optional(),
  // A record's id as the shop stores it (a uuid, a number): printable text.
  record: z
    .string()
    .trim()
    .max(100)
    .regex(/^[\x21-\x7e]*$/, "printable characters")
    .optional(),
});
export type AuditListRequest = z.infer<typeof auditListRequest>;

/**
 * What a row is about, named as staff know it: an order's number, a product's name, a customer's
 * name, a staff member's name (their e-mail when there is none). `id` is for the link only; `name` is null when the record is gone
 * and the row kept no name of it.
 */
const auditRecord = z.object({
  type: z.enum(auditRecordTypes),
  id: z.string(),
  name: z.string().nullable(),
});
export type AuditRecord = z.infer<typeof auditRecord>;

const auditRow = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** Who: the person by their name (their e-mail when the account has none or is gone), or "api token", "system", "shell". */
  actor: z.string(),
  action: z.string(),
  record: auditRecord.nullable(),
  /** "field: before → after" lines with the values as stored (audit-changes.ts). */
  changes: z.array(z.string()),
  /** The same, field by field, for the console to word in the reader's language (absent from an older API). */
  fields: z.array(fieldChange).optional(),
  ip: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;

export const auditListAnswer = pageOf(auditRow).extend({
  /** Everyone who appears in the log, for the person filter, by their name (else their e-mail). */
  people: z.array(z.object({ staffId: z.number().int(), label: z.string() })),
});
export type AuditListAnswer = z.infer<typeof auditListAnswer>;
