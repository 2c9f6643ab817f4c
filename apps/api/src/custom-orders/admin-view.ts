import { asc, count, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "#server/db/client.ts";
import { customOrderPhotos, customOrders } from "#server/db/schema.ts";
import { photoLink } from "./signed-links.ts";
import type { CustomOrderStatus } from "./status.ts";

/** SPEC 3 "Custom order request (admin view)", with its display defaults filled in. */
export type CustomOrderView = {
  id: number;
  submissionDate: string;
  status: string;
  name: string;
  email: string;
  phone: string;
  hatType: string;
  materials: string;
  colors: string;
  size: string;
  description: string;
  /** Signed links (an hour) to the private photos, for staff only. */
  referenceImages: string[];
  budgetMin: number;
  budgetMax: number;
  timeline: string;
};

export type Pagination = { page: number; limit: number; total: number; totalPages: number };

/** SPEC 3's display defaults: budget 100 to 500, timeline '4-6 weeks', materials and colors 'To be discussed', size 'Standard', phone 'N/A'. */
export const viewDefaults = {
  budgetMin: 100,
  budgetMax: 500,
  timeline: "4-6 weeks",
  materials: "To be discussed",
  colors: "To be discussed",
  size: "Standard",
  phone: "N/A",
} as const;

type Row = typeof customOrders.$inferSelect;

function viewOf(row: Row, photoIds: string[], now = Date.now()): CustomOrderView {
  const or = (value: string, fallback: string) => (value.trim() ? value : fallback);
  return {
    id: row.id,
    submissionDate: row.createdAt.toISOString(),
    status: row.status,
    name: row.name,
    email: row.email,
    phone: or(row.phone, viewDefaults.phone),
    hatType: row.hatType,
    materials: or(row.material, viewDefaults.materials),
    colors: or(row.color, viewDefaults.colors),
    size: or(row.size, viewDefaults.size),
    description: row.details,
    referenceImages: photoIds.map((id) => photoLink(id, now)),
    budgetMin: row.budgetMin ?? viewDefaults.budgetMin,
    budgetMax: row.budgetMax ?? viewDefaults.budgetMax,
    timeline: or(row.timeline, viewDefaults.timeline),
  };
}

/** One request's view, with its photos in their order. */
export async function customOrderView(row: Row): Promise<CustomOrderView> {
  const db = await getDb();
  const photos = await db
    .select({ id: customOrderPhotos.id })
    .from(customOrderPhotos)
    .where(eq(customOrderPhotos.customOrderId, row.id))
    .orderBy(asc(customOrderPhotos.position));
  return viewOf(
    row,
    photos.map((p) => p.id),
  );
}

/**
 * One page of requests, newest first (GET /api/custom-orders and the Custom Orders tab; page from
 * 1, limit 1–100, 10 by default), only those in `status` when given. A page past the last is empty.
 */
export async function listCustomOrders(
  page: number,
  limit: number,
  status?: CustomOrderStatus,
): Promise<{ customOrders: CustomOrderView[]; pagination: Pagination }> {
  const db = await getDb();
  const where = status ? eq(customOrders.status, status) : undefined;
  const [totals] = await db.select({ n: count() }).from(customOrders).where(where);
  const total = totals?.n ?? 0;
  const rows = await db
    .select()
    .from(customOrders)
    .where(where)
    .orderBy(desc(customOrders.createdAt), desc(customOrders.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const ids = rows.map((r) => r.id);
  const photos = ids.length
    ? await db
        .select({ id: customOrderPhotos.id, orderId: customOrderPhotos.customOrderId })
        .from(customOrderPhotos)
        .where(inArray(customOrderPhotos.customOrderId, ids))
        .orderBy(asc(customOrderPhotos.position))
    : [];
  const byOrder = new Map<number, string[]>();
  for (const p of photos) if (p.orderId !== null) byOrder.set(p.orderId, [...(byOrder.get(p.orderId) ?? []), p.id]);
  return {
    customOrders: rows.map((row) => viewOf(row, byOrder.get(row.id) ?? [])),
    pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
  };
}
