import { getDb } from "#server/db/client.ts";
import type { Row as TableRow } from "#server/db/types.ts";
import { photoLink, photoPaths } from "./signed-links.ts";
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

type Row = TableRow<"customOrders">;

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
    referenceImages: photoIds.map((id) => photoLink(id, now, undefined, photoPaths.spec)),
    budgetMin: row.budgetMin ?? viewDefaults.budgetMin,
    budgetMax: row.budgetMax ?? viewDefaults.budgetMax,
    timeline: or(row.timeline, viewDefaults.timeline),
  };
}

/** One request's view, with its photos in their order. */
export async function customOrderView(row: Row): Promise<CustomOrderView> {
  const db = await getDb();
  const photos = await db
    .selectFrom("customOrderPhotos")
    .select("id")
    .where("customOrderId", "=", row.id)
    .orderBy("position", "asc")
    .execute();
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
  let filtered = db.selectFrom("customOrders");
  if (status) filtered = filtered.where("status", "=", status);
  const totals = await filtered.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  const total = totals?.n ?? 0;
  const rows = await filtered
    .selectAll()
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const ids = rows.map((r) => r.id);
  const photos = ids.length
    ? await db
        .selectFrom("customOrderPhotos")
        .select(["id", "customOrderId as orderId"])
        .where("customOrderId", "in", ids)
        .orderBy("position", "asc")
        .execute()
    : [];
  const byOrder = new Map<number, string[]>();
  for (const p of photos) if (p.orderId !== null) byOrder.set(p.orderId, [...(byOrder.get(p.orderId) ?? []), p.id]);
  return {
    customOrders: rows.map((row) => viewOf(row, byOrder.get(row.id) ?? [])),
    pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
  };
}
