import type { AuditAction } from "@workshop/domain/audit-actions.ts";
import { and, count, desc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import { getDb } from "#server/db/client.ts";
import { auditLog } from "#server/db/schema.ts";
import type { Tx } from "#server/db/tx.ts";
import type { Actor } from "./actor.ts";

export type AuditEntry = typeof auditLog.$inferSelect;

export type NewAuditEntry = {
  actor: Actor;
  action: AuditAction;
  recordType?: string;
  recordId?: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** For an attempt without an account (a failed sign-in by an unknown e-mail): what to show as who. */
  label?: string;
};

/** Writes one audit row; inside `tx` when given, so it lands (or not) with the change it describes. */
export async function recordAudit(entry: NewAuditEntry, tx?: Tx): Promise<void> {
  const db = tx ?? (await getDb());
  await db.insert(auditLog).values({
    staffId: entry.actor.staffId,
    actor: entry.label ?? entry.actor.label,
    action: entry.action,
    recordType: entry.recordType ?? null,
    recordId: entry.recordId === undefined ? null : String(entry.recordId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.actor.ip,
  });
}

export type AuditFilter = { staffId?: number; action?: AuditAction; recordType?: string; recordId?: string };

/** Audit rows, newest first, filtered by person, kind and record. */
export async function auditEntries(filter: AuditFilter, page = 1, limit = 50): Promise<{ entries: AuditEntry[]; total: number }> {
  const db = await getDb();
  const conditions: SQL[] = [];
  if (filter.staffId !== undefined) conditions.push(eq(auditLog.staffId, filter.staffId));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.recordType) conditions.push(eq(auditLog.recordType, filter.recordType));
  if (filter.recordId) conditions.push(eq(auditLog.recordId, filter.recordId));
  const where = conditions.length ? and(...conditions) : undefined;
  const [entries, [totals]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { entries, total: totals?.total ?? 0 };
}

/** The people who appear in the log, for the person filter. */
export async function auditPeople(): Promise<{ staffId: number; label: string }[]> {
  const db = await getDb();
  return db
    .selectDistinctOn([auditLog.staffId], { staffId: sql<number>`${auditLog.staffId}`, label: auditLog.actor })
    .from(auditLog)
    .where(isNotNull(auditLog.staffId))
    .orderBy(auditLog.staffId, desc(auditLog.id));
}
