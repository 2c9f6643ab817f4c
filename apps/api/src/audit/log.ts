import type { AuditAction } from "@workshop/domain/audit-actions.ts";
import { type Expression, expressionBuilder, type SqlBool } from "kysely";
import { getDb } from "#server/db/client.ts";
import { json } from "#server/db/json.ts";
import type { Tx } from "#server/db/tx.ts";
import type { Database, Row } from "#server/db/types.ts";
import type { Actor } from "./actor.ts";

export type AuditEntry = Row<"auditLog">;

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
  await db
    .insertInto("auditLog")
    .values({
      staffId: entry.actor.staffId,
      actor: entry.label ?? entry.actor.label,
      action: entry.action,
      recordType: entry.recordType ?? null,
      recordId: entry.recordId === undefined ? null : String(entry.recordId),
      before: entry.before ? json(entry.before) : null,
      after: entry.after ? json(entry.after) : null,
      ip: entry.actor.ip,
    })
    .execute();
}

export type AuditFilter = { staffId?: number; action?: AuditAction; recordType?: string; recordId?: string };

/** Audit rows, newest first (or oldest), filtered by person, kind and record. */
export async function auditEntries(
  filter: AuditFilter,
  page = 1,
  limit = 50,
  order: "desc" | "asc" = "desc",
): Promise<{ entries: AuditEntry[]; total: number }> {
  const db = await getDb();
  const eb = expressionBuilder<Database, "auditLog">();
  const conditions: Expression<SqlBool>[] = [];
  if (filter.staffId !== undefined) conditions.push(eb("auditLog.staffId", "=", filter.staffId));
  if (filter.action) conditions.push(eb("auditLog.action", "=", filter.action));
  if (filter.recordType) conditions.push(eb("auditLog.recordType", "=", filter.recordType));
  if (filter.recordId) conditions.push(eb("auditLog.recordId", "=", filter.recordId));
  const where = conditions.length ? eb.and(conditions) : undefined;
  const [entries, totals] = await Promise.all([
    db
      .selectFrom("auditLog")
      .selectAll()
      .$if(where !== undefined, (qb) => qb.where(where!))
      .orderBy("auditLog.createdAt", order)
      .orderBy("auditLog.id", order)
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom("auditLog")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .$if(where !== undefined, (qb) => qb.where(where!))
      .executeTakeFirst(),
  ]);
  return { entries, total: totals?.total ?? 0 };
}

/** The people who appear in the log, for the person filter. */
export async function auditPeople(): Promise<{ staffId: number; label: string }[]> {
  const db = await getDb();
  return db
    .selectFrom("auditLog")
    .distinctOn("auditLog.staffId")
    .select((eb) => [eb.ref("auditLog.staffId").$notNull().as("staffId"), "auditLog.actor as label"])
    .where("auditLog.staffId", "is not", null)
    .orderBy("auditLog.staffId")
    .orderBy("auditLog.id", "desc")
    .execute();
}
