import { changeLines } from "@workshop/domain/audit-changes.ts";
import type { RecordChange } from "@workshop/domain/staff-api/record-changes.ts";

type Entry = {
  id: number;
  actor: string;
  action: string;
  before: unknown;
  after: unknown;
  createdAt: Date | string;
};

/** A record's audit rows as its console page shows them: the before and after become "field: before → after" lines. */
export function recordChanges(entries: readonly Entry[]): RecordChange[] {
  return entries.map((entry) => ({
    id: entry.id,
    createdAt: new Date(entry.createdAt).toISOString(),
    actor: entry.actor,
    action: entry.action,
    changes: changeLines(entry.before as Record<string, unknown> | null, entry.after as Record<string, unknown> | null),
  }));
}
