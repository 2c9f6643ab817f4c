import { changeFields, changeLines } from "@workshop/domain/audit-changes.ts";
import type { RecordChange } from "@workshop/domain/staff-api/record-changes.ts";
import { type StaffNames, shownName } from "./people-names.ts";

type Entry = {
  id: number;
  staffId: number | null;
  actor: string;
  action: string;
  before: unknown;
  after: unknown;
  createdAt: Date | string;
};

/** A record's audit rows as its console page shows them: who by name, and what changed, field by field and as lines. */
export function recordChanges(entries: readonly Entry[], names: StaffNames): RecordChange[] {
  return entries.map((entry) => {
    const before = entry.before as Record<string, unknown> | null;
    const after = entry.after as Record<string, unknown> | null;
    return {
      id: entry.id,
      createdAt: new Date(entry.createdAt).toISOString(),
      actor: shownName(names, entry.staffId, entry.actor),
      action: entry.action,
      changes: changeLines(before, after),
      fields: changeFields(before, after),
    };
  });
}
