import { changeFields, changeLines } from "@workshop/domain/audit-changes.ts";
import type { AuditListAnswer, AuditListRequest } from "@workshop/domain/staff-api/audit.ts";
import { auditEntries, auditPeople } from "./log.ts";
import { shownName, staffNames } from "./people-names.ts";
import { recordsOf } from "./record-names.ts";

/** GET /api/admin/audit: one page of the log with each row's record named, people by their names, and the people for the filter. */
export async function adminAuditList(query: AuditListRequest): Promise<AuditListAnswer> {
  const filter = { staffId: query.person, action: query.kind, recordType: query.type, recordId: query.record || undefined };
  const order = query.sort === "createdAt" ? "asc" : "desc";
  const [{ entries, total }, people, names] = await Promise.all([
    auditEntries(filter, query.page, query.size, order),
    auditPeople(),
    staffNames(),
  ]);
  const records = await recordsOf(entries, names);
  return {
    rows: entries.map((entry, i) => {
      const before = entry.before as Record<string, unknown> | null;
      const after = entry.after as Record<string, unknown> | null;
      return {
        id: entry.id,
        createdAt: new Date(entry.createdAt).toISOString(),
        actor: shownName(names, entry.staffId, entry.actor),
        action: entry.action,
        record: records[i] ?? null,
        changes: changeLines(before, after),
        fields: changeFields(before, after),
        ip: entry.ip,
      };
    }),
    page: query.page,
    size: query.size,
    total,
    pages: Math.max(1, Math.ceil(total / query.size)),
    people: people.map((p) => ({ staffId: p.staffId, label: shownName(names, p.staffId, p.label) })),
  };
}
