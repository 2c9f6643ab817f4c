import { isLocale } from "@workshop/domain/locale.ts";
import {
  type CustomOrderAnswer,
  type CustomOrderListAnswer,
  type CustomOrderListRequest,
  type CustomQuotesAnswer,
  customOrderListRequest,
} from "@workshop/domain/staff-api/custom-orders.ts";
import { staffNames } from "#server/audit/people-names.ts";
import { recordChanges } from "#server/audit/record-changes.ts";
import { getDb } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";
import { quotePage } from "./quote-admin.ts";
import { photoLink } from "./signed-links.ts";
import { customOrderDetail, customOrderId, defaultSubject } from "./staff-work.ts";
import { type CustomOrderStatus, customOrderMoves, isCustomOrderStatus } from "./status.ts";

/** The custom requests as the staff console's contract has them (packages/domain/src/staff-api/custom-orders.ts). */

/** The list's query: an empty value is none; every value the list does not know is named in one 400. */
export function customOrderQuery(params: URLSearchParams): CustomOrderListRequest {
  const given = Object.fromEntries([...params].filter(([, value]) => value !== ""));
  const parsed = customOrderListRequest.safeParse(given);
  if (parsed.success) return parsed.data;
  const wrong: Record<string, string> = {};
  for (const issue of parsed.error.issues) wrong[String(issue.path[0] ?? "query")] ??= issue.message;
  throw new AppError("invalid", `Unknown list value: ${Object.keys(wrong).join(", ")}`, wrong);
}

/** A number as staff write it (12, C12, #C12), or null. */
const numberOf = (q: string) => {
  const match = /^#?c?(\d{1,9})$/i.exec(q);
  return match ? Number(match[1]) : null;
};

const status = (value: string): CustomOrderStatus => (isCustomOrderStatus(value) ? value : "NEW");

/** One page of requests, newest first, by status and a search for a name, an e-mail or a number. */
export async function adminCustomOrderList({ page, size, status: only, q }: CustomOrderListRequest): Promise<CustomOrderListAnswer> {
  const db = await getDb();
  let found = db.selectFrom("customOrders");
  if (only) found = found.where("status", "=", only);
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const id = numberOf(q);
    found = found.where((eb) =>
      eb.or([eb("name", "ilike", like), eb("email", "ilike", like), ...(id === null ? [] : [eb("id", "=", id)])]),
    );
  }
  const counted = await found.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const rows = await found
    .select(["id", "createdAt", "name", "email", "hatType", "material", "status"])
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return {
    rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), status: status(row.status) })),
    page,
    size,
    total,
    pages: Math.max(1, Math.ceil(total / size)),
  };
}

/** A request's id from its address: anything that is no id is as unknown as an id nobody has (404). */
export function knownCustomOrderId(value: string): number {
  const id = customOrderId(value);
  if (id === null) throw new AppError("not_found", "No such custom request");
  return id;
}

/** The API's link to a reference photo: the shop's signed link, under /api (routes.ts serves it to staff). */

/** One request as the console shows it; 404 for an unknown one. */
export async function adminCustomOrder(id: number): Promise<CustomOrderAnswer> {
  const detail = await customOrderDetail(id);
  if (!detail) throw new AppError("not_found", "No such custom request");
  const db = await getDb();
  const [row, photos, names] = await Promise.all([
    db.selectFrom("customOrders").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
    db.selectFrom("customOrderPhotos").select("id").where("customOrderId", "=", id).orderBy("position", "asc").execute(),
    staffNames(),
  ]);
  return {
    request: {
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      status: status(row.status),
      locale: isLocale(row.locale) ? row.locale : "en",
      name: row.name,
      email: row.email,
      phone: row.phone,
      hatType: row.hatType,
      material: row.material,
      color: row.color,
      size: row.size,
      budgetMin: row.budgetMin,
      budgetMax: row.budgetMax,
      budget: row.budget,
      timeline: row.timeline,
      details: row.details,
      photos: photos.map((photo) => photoLink(photo.id)),
      adminNotes: row.adminNotes,
      notesVersion: detail.request.notesVersion,
    },
    moves: [...customOrderMoves(row.status)],
    defaultSubject: defaultSubject(id, row.locale),
    mails: detail.mails.map((mail) => ({
      id: mail.id,
      template: mail.template,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      status: mail.status,
      lastError: mail.lastError,
      createdAt: mail.createdAt.toISOString(),
      sentAt: mail.sentAt?.toISOString() ?? null,
    })),
    changes: recordChanges(detail.audit, names),
  };
}

/** A request's quotes as the console shows them; 404 for an unknown request. */
export async function adminQuotes(id: number): Promise<CustomQuotesAnswer> {
  const page = await quotePage(id);
  if (!page) throw new AppError("not_found", "No such custom request");
  return { ...page, request: { ...page.request, status: status(page.request.status) } };
}
