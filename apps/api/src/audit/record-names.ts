import type { AuditRecord } from "@workshop/domain/staff-api/audit.ts";
import { getDb } from "#server/db/client.ts";
import type { AuditEntry } from "./log.ts";
import type { StaffNames } from "./people-names.ts";

/**
 * What each audit row is about, named as staff know it: an order by its number, a product by its
 * name, a message or custom request by the customer's name, a staff account by its person's name
 * (`names`). Studio photo jobs and results are about their product. A record since deleted keeps
 * the name its row wrote down (a deleted product's, an account's), else none. One query per kind of record.
 */
export async function recordsOf(entries: AuditEntry[], names: StaffNames): Promise<(AuditRecord | null)[]> {
  const ids = (type: string, pattern: RegExp) => [
    ...new Set(entries.filter((e) => e.recordType === type && e.recordId && pattern.test(e.recordId)).map((e) => e.recordId!)),
  ];
  const numbers = (type: string) => ids(type, /^\d{1,9}$/).map(Number);
  const db = await getDb();
  const orderIds = ids("order", uuid);
  const jobIds = ids("ai-job", uuid);
  const resultIds = numbers("ai-result");

  const [orders, messages, customOrders, results] = await Promise.all([
    orderIds.length ? db.selectFrom("orders").select(["id", "orderNumber as name"]).where("id", "in", orderIds).execute() : [],
    some(numbers("message"), (list) => db.selectFrom("contactMessages").select(["id", "name"]).where("id", "in", list).execute()),
    some(numbers("custom-order"), (list) => db.selectFrom("customOrders").select(["id", "name"]).where("id", "in", list).execute()),
    some(resultIds, (list) => db.selectFrom("aiResults").select(["id", "jobId"]).where("id", "in", list).execute()),
  ]);
  const allJobIds = [...new Set([...jobIds, ...results.map((r) => r.jobId)])];
  const jobs = allJobIds.length ? await db.selectFrom("aiJobs").select(["id", "productId"]).where("id", "in", allJobIds).execute() : [];
  const productOfJob = new Map(jobs.map((j) => [j.id, j.productId]));
  const productOfResult = new Map(results.map((r) => [String(r.id), productOfJob.get(r.jobId) ?? null]));
  const productIds = [...new Set([...numbers("product"), ...jobs.flatMap((j) => (j.productId === null ? [] : [j.productId]))])];
  const products = await some(productIds, (list) => db.selectFrom("products").select(["id", "name"]).where("id", "in", list).execute());

  const named = (rows: { id: string | number; name: string }[]) => new Map(rows.map((r) => [String(r.id), r.name]));
  const known = {
    order: named(orders),
    message: named(messages),
    "custom-order": named(customOrders),
    staff: new Map([...names.byId].map(([id, name]) => [String(id), name])),
    product: named(products),
  };

  return entries.map((entry) => {
    const { recordType: type, recordId: id } = entry;
    if (!type || !id) return null;
    if (type === "ai-job" || type === "ai-result") {
      const productId = type === "ai-job" ? productOfJob.get(id) : productOfResult.get(id);
      if (productId === undefined || productId === null) return null;
      return { type: "product", id: String(productId), name: known.product.get(String(productId)) ?? null };
    }
    if (!(type in known)) return null;
    const kind = type as keyof typeof known;
    return { type: kind, id, name: known[kind].get(id) ?? writtenName(entry, kind) };
  });
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function some<T, R>(list: T[], query: (list: T[]) => Promise<R[]>): Promise<R[]> {
  return list.length ? query(list) : [];
}

/** The name a row kept of its record (a deleted product's; an account's name, else its e-mail), if any. */
function writtenName(entry: AuditEntry, kind: string): string | null {
  for (const field of kind === "staff" ? ["name", "email"] : ["name"])
    for (const side of [entry.after, entry.before]) {
      const value = (side as Record<string, unknown> | null)?.[field];
      if (typeof value === "string" && value.trim()) return value;
    }
  return null;
}
