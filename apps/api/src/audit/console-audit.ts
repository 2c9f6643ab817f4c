import { changeLines } from "@workshop/domain/audit-changes.ts";
import type { AuditListAnswer, AuditListRequest } from "@workshop/domain/staff-api/audit.ts";
import { auditEntries, auditPeople } from "./log.ts";
import { recordsOf } from "./record-names.ts";

/** GET /api/admin/audit: one page of the log with each row's record named, and the people for the filter. */
export async function consoleAuditList(query: AuditListRequest): Promise<AuditListAnswer> {
  const filter = { staffId: query.person, action: query.kind, recordType: query.type, recordId: query.record || undefined };
  const order = query.sort === "createdAt" ? "asc" : "desc";
  const [{ entries, total }, people] = await Promise.all([auditEntries(filter, query.page, query.size, order), auditPeople()]);
  const records = await recordsOf(entries);
  return {
    rows: entries.map((entry, i) => ({
      id: entry.id,
      createdAt: new Date(entry.createdAt).toISOString(),
      actor: entry.actor,
      action: entry.action,
      record: records[i] ?? null,
      changes: changeLines(entry.before as Record<string, unknown> | null, entry.after as Record<string, unknown> | null),
      ip: entry.ip,
    })),
    page: query.page,
    size: query.size,
    total,
    pages: Math.max(1, Math.ceil(total / query.size)),
    people,
  };
}
