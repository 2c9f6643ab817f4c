import { TZDate } from "@date-fns/tz";
import { WORKSHOP_TIME_ZONE } from "@workshop/domain/admin-date.ts";
import { lastPlacedWithCashDeadlineBy } from "@workshop/domain/cash-payment-deadline.ts";
import { paymentMethods } from "@workshop/domain/payment-methods.ts";
import { refundStates } from "@workshop/domain/refunds.ts";
import { type OrderSort, orderListRequest } from "@workshop/domain/staff-api.ts";
import { type Expression, expressionBuilder, type RawBuilder, type SqlBool, sql } from "kysely";
import { z } from "zod";
import { getDb } from "#server/db/client.ts";
import type { Database } from "#server/db/types.ts";
import { AppError } from "#server/errors.ts";
import { inWorkshopStatuses } from "#server/making/stage-list.ts";
import { orderStatuses, paymentStatuses } from "#server/orders/status.ts";
import type { Order } from "#server/orders/types.ts";

/**
 * The staff's orders list (the admin's Orders tab, its CSV export, GET /api/orders and the staff
 * console's GET /api/admin/orders): newest first unless sorted otherwise, filtered, searched and
 * paged in the database. docs/decisions/018-orders-list.md, 036-staff-console.md.
 */

const pageSizes = [10, 25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 10;
/** Pages beyond this are refused as input (offset work grows with the page). */
const MAX_PAGE = 100_000;
/** Longest search text used; more is cut (a pasted e-mail or name is far shorter). */
const MAX_SEARCH = 100;

/**
 * Work queues: the dashboard counts them and each count links to the list filtered by its queue,
 * so a count and the list it opens always agree.
 * - awaiting-payment: placed (PENDING/NEW), payment pending or awaiting cash;
 * - to-make: paid and not yet shipped (PROCESSING, CONTACTED, IN_PROGRESS);
 * - to-ship: being made (IN_PROGRESS), paid, delivered by a carrier (not picked up at the workshop);
 * - cash-expiring: cash orders whose payment deadline (7 days, ending at the workshop's closing
 *   time: packages/domain/src/cash-payment-deadline.ts) comes within 48 hours (or has come, and
 *   they wait for the sweep);
 * - flagged: a payment flagged for a person (src/payments/provider-updates.ts) that nobody has
 *   dealt with yet: no refund of it under way or done, no staff note on the order since the flag.
 */
const orderQueues = ["awaiting-payment", "to-make", "to-ship", "cash-expiring", "flagged"] as const;
export type OrderQueue = (typeof orderQueues)[number];

/** How long before a cash order's deadline the dashboard warns. */
const CASH_WARNING_HOURS = 48;

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (v: string) => {
  if (!datePattern.test(v)) return false;
  const [y, m, d] = v.split("-").map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(y, m - 1, d));
  return y >= 2000 && y <= 2999 && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
};

/** Letters, digits and punctuation only: control characters (a NUL too) become spaces, runs of space one. */
function cleanSearch(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, MAX_SEARCH)
  );
}

const methodCodes = paymentMethods.map((p) => p.code) as [string, ...string[]];

/** One field of the query: its valid values, as zod sees them. */
const fields = {
  status: z.enum(orderStatuses),
  paymentStatus: z.enum(paymentStatuses),
  method: z.enum(methodCodes),
  queue: z.enum(orderQueues),
  from: z.string().refine(isCalendarDate, "a calendar date YYYY-MM-DD"),
  to: z.string().refine(isCalendarDate, "a calendar date YYYY-MM-DD"),
  refund: z.enum(refundStates),
  making: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, "a making stage's id")
    .transform(Number),
};

export type OrderListQuery = {
  page: number;
  limit: number;
  status?: (typeof orderStatuses)[number];
  paymentStatus?: (typeof paymentStatuses)[number];
  method?: string;
  queue?: OrderQueue;
  /** Calendar dates in the workshop's time zone, both inclusive. */
  from?: string;
  to?: string;
  q?: string;
  /** The order of the rows; newest first when not given. */
  sort?: OrderSort;
  /** The money after refunds (orders.refund_state, decision 047). */
  refund?: (typeof refundStates)[number];
  /** A making stage's id: the orders in the workshop in that stage now (decision 054). */
  making?: number;
};

const filterNames = ["status", "paymentStatus", "method", "queue", "from", "to", "refund", "making"] as const;

/**
 * The list's query string, for the pages: a value that is not one the shop knows is ignored (the
 * filter is off), a page size other than 10/25/50/100 is 10, a page that is not a positive whole
 * number is 1. Never fails.
 */
export function pageQuery(params: URLSearchParams): OrderListQuery {
  const query: OrderListQuery = { page: pageNumber(params.get("page")) ?? 1, limit: DEFAULT_PAGE_SIZE };
  const limit = Number(params.get("limit"));
  if ((pageSizes as readonly number[]).includes(limit)) query.limit = limit;
  for (const name of filterNames) {
    const parsed = fields[name].safeParse(params.get(name) ?? undefined);
    if (parsed.success) Object.assign(query, { [name]: parsed.data });
  }
  const q = cleanSearch(params.get("q") ?? "");
  if (q) query.q = q;
  return query;
}

/**
 * The query string of GET /api/orders: page and limit as before (not a positive whole number:
 * 1 and 10; a limit up to 100), and a filter value the shop does not know is a 400 that says which.
 */
export function apiQuery(params: URLSearchParams): OrderListQuery {
  const limit = pageNumber(params.get("limit"));
  const query: OrderListQuery = { page: pageNumber(params.get("page")) ?? 1, limit: limit ? Math.min(limit, 100) : DEFAULT_PAGE_SIZE };
  const wrong: Record<string, string> = {};
  readFilters(params, query, wrong);
  refuseWrong(wrong);
  const q = cleanSearch(params.get("q") ?? "");
  if (q) query.q = q;
  return query;
}

/** What the staff console's list takes besides the filters (packages/domain/src/staff-api.ts). */
const consolePaging = orderListRequest.pick({ page: true, size: true, sort: true, q: true });

/**
 * The query string of the staff console's list (GET /api/admin/orders, `orderListRequest`): page,
 * size (25 unless given), sort and search as the contract says, the filters as GET /api/orders
 * checks them; every value the shop does not know is one 400 naming each. An empty value is none.
 */
export function adminQuery(params: URLSearchParams): OrderListQuery {
  const given = new URLSearchParams([...params].filter(([, value]) => value !== ""));
  const wrong: Record<string, string> = {};
  const paging = consolePaging.safeParse(Object.fromEntries(given));
  if (!paging.success) for (const issue of paging.error.issues) wrong[String(issue.path[0] ?? "query")] ??= issue.message;
  const query: OrderListQuery = { page: 1, limit: DEFAULT_PAGE_SIZE };
  readFilters(given, query, wrong);
  refuseWrong(wrong);
  // Parsed: refuseWrong threw otherwise.
  const { page, size, sort, q } = paging.data!;
  Object.assign(query, { page, limit: size, sort });
  const search = cleanSearch(q ?? "");
  if (search) query.q = search;
  return query;
}

/** The filters given (an empty value is none): each value the shop knows goes into `query`, each other into `wrong`. */
function readFilters(params: URLSearchParams, query: OrderListQuery, wrong: Record<string, string>): void {
  for (const name of filterNames) {
    const value = params.get(name);
    if (value === null || value === "") continue;
    const parsed = fields[name].safeParse(value);
    if (parsed.success) Object.assign(query, { [name]: parsed.data });
    else wrong[name] = parsed.error.issues[0]?.message ?? "not a known value";
  }
}

/** A 400 naming every value the shop does not know, with a message each. */
function refuseWrong(wrong: Record<string, string>): void {
  if (Object.keys(wrong).length > 0) throw new AppError("invalid", `Unknown filter value: ${Object.keys(wrong).join(", ")}`, wrong);
}

function pageNumber(text: string | null): number | undefined {
  if (!text || !/^\d{1,9}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 ? Math.min(n, MAX_PAGE) : undefined;
}

/** The first instant of a calendar day in the workshop's time zone. */
export function workshopDayStart(day: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, WORKSHOP_TIME_ZONE).getTime());
}

const nextDay = (day: string) => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
};

const hour = 3_600_000;

/** A condition on the orders table (a WHERE, or a FILTER of the dashboard's counts). */
export type OrderCondition = Expression<SqlBool>;

/** Conditions on orders, their columns named with the table ("orders"."status"). */
const eb = expressionBuilder<Database, "orders">();

/** The condition of a work queue (also used by the dashboard's counts). */
export function queueCondition(queue: OrderQueue, now: Date = new Date()): OrderCondition {
  switch (queue) {
    case "awaiting-payment":
      return eb.and([eb("orders.status", "in", ["PENDING", "NEW"]), eb("orders.paymentStatus", "in", ["PENDING", "AWAITING_PREPAYMENT"])]);
    case "to-make":
      // A custom hat is made once its deposit is paid (docs/decisions/026-custom-quotes.md).
      return eb.and([
        eb("orders.status", "in", ["PROCESSING", "CONTACTED", "IN_PROGRESS"]),
        eb("orders.paymentStatus", "in", ["SUCCEEDED", "DEPOSIT_PAID"]),
      ]);
    case "to-ship":
      return eb.and([
        eb("orders.status", "=", "IN_PROGRESS"),
        eb("orders.paymentStatus", "=", "SUCCEEDED"),
        eb("orders.deliveryOption", "<>", "PICKUP"),
      ]);
    case "cash-expiring": {
      // Placed by then: the deadline comes within the warning's hours (or has come).
      const placedBy = lastPlacedWithCashDeadlineBy(new Date(now.getTime() + CASH_WARNING_HOURS * hour));
      return eb.and([
        eb("orders.paymentMethod", "=", "CASH_IN_STORE"),
        eb("orders.paymentStatus", "=", "AWAITING_PREPAYMENT"),
        eb("orders.status", "=", "PENDING"),
        eb("orders.createdAt", "<=", placedBy),
      ]);
    }
    case "flagged":
      return sql<SqlBool>`"orders"."id" in (${flaggedOrderIds})`;
  }
}

/**
 * Orders with a flagged payment attempt nobody has dealt with (see `orderQueues`). Flags are rare:
 * the partial index payment_attempts_flagged_idx finds them without reading every attempt.
 */
export const flaggedOrderIds: RawBuilder<unknown> = sql`select "payment_attempts"."order_id" from "payment_attempts"
  where "payment_attempts"."flag" is not null
    and not exists (select 1 from "refunds" where "refunds"."payment_attempt_id" = "payment_attempts"."id" and "refunds"."status" <> 'FAILED')
    and not exists (select 1 from "order_notes" where "order_notes"."order_id" = "payment_attempts"."order_id"
      and "order_notes"."created_at" >= "payment_attempts"."updated_at")`;

/**
 * Orders with a hat whose name holds `q` (lower-case): its current English or Russian name. The
 * products are few, so the set is read once per statement and checked against the product id the
 * list's index carries.
 */
const hatNamed = (q: string) => sql<SqlBool>`"orders"."product_id" in (select "products"."id" from "products"
  where strpos(lower("products"."name" || E'\n' || coalesce("products"."translations"->'ru'->>'name', '')), lower(${q})) > 0)`;

/** The WHERE of a query: every filter given, and the search over order number, e-mail, name and the hat. */
function listCondition(query: OrderListQuery, now: Date = new Date()): OrderCondition | undefined {
  const parts: OrderCondition[] = [];
  if (query.status) parts.push(eb("orders.status", "=", query.status));
  if (query.paymentStatus) parts.push(eb("orders.paymentStatus", "=", query.paymentStatus));
  if (query.method) parts.push(eb("orders.paymentMethod", "=", query.method));
  if (query.from) parts.push(eb("orders.createdAt", ">=", workshopDayStart(query.from)));
  if (query.to) parts.push(eb("orders.createdAt", "<", workshopDayStart(nextDay(query.to))));
  if (query.queue) parts.push(queueCondition(query.queue, now));
  if (query.refund) parts.push(eb("orders.refundState", "=", query.refund));
  if (query.making)
    parts.push(
      eb.and([
        eb("orders.status", "in", inWorkshopStatuses),
        sql<SqlBool>`"orders"."id" in (select "order_id" from "order_making" where "stage_id" = ${query.making})`,
      ]),
    );
  // A literal substring (no LIKE wildcards to escape); the index carries search_text and the product id, so this reads no table rows.
  if (query.q) parts.push(eb.or([sql<SqlBool>`strpos("orders"."search_text", lower(${query.q})) > 0`, hatNamed(query.q)]));
  return parts.length > 0 ? eb.and(parts) : undefined;
}

/** What a row of the list shows (and the CSV export writes). */
const listColumns = [
  "orders.id",
  "orders.orderNumber",
  "orders.createdAt",
  "orders.productName",
  "orders.size",
  "orders.color",
  "orders.totalCents",
  "orders.totalIdr",
  "orders.status",
  "orders.paymentStatus",
  "orders.paymentMethod",
  "orders.deliveryOption",
  "orders.refundState",
  "orders.refundedCents",
  "orders.refundedIdr",
  "orders.returnedAt",
  sql<string>`coalesce("orders"."shipping_address"->>'fullName', '')`.as("customerName"),
  sql<string>`coalesce("orders"."shipping_address"->>'email', '')`.as("email"),
  sql<string>`coalesce("orders"."shipping_address"->>'phone', '')`.as("phone"),
  sql<string>`coalesce("orders"."shipping_address"->>'country', '')`.as("country"),
] as const;

export type OrderListRow = {
  id: string;
  orderNumber: string;
  createdAt: Date;
  productName: string;
  size: number | null;
  color: string;
  totalCents: number;
  totalIdr: number;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  deliveryOption: string;
  /** The money after refunds, what went back (US cents, rupiah), and when the hat came back (decision 047). */
  refundState: string | null;
  refundedCents: number;
  refundedIdr: number;
  returnedAt: Date | null;
  customerName: string;
  email: string;
  phone: string;
  country: string;
};

/**
 * How each sort orders a page: by its column, then by id the same way, so rows of one instant or
 * one total keep one order across pages. Newest first reads the (created_at, id) index, oldest
 * first the same index backwards; a sort by total the (total_cents, id) one.
 */
const sortOrders: Record<OrderSort, { column: "orders.createdAt" | "orders.totalCents"; direction: "asc" | "desc" }> = {
  "-createdAt": { column: "orders.createdAt", direction: "desc" },
  createdAt: { column: "orders.createdAt", direction: "asc" },
  "-total": { column: "orders.totalCents", direction: "desc" },
  total: { column: "orders.totalCents", direction: "asc" },
};

export type Pagination = { page: number; limit: number; total: number; totalPages: number };
export type OrderListPage = { rows: OrderListRow[]; pagination: Pagination };

/**
 * One page of the list, in one statement. The page's ids come first (newest first, or in the
 * query's sort: sortOrders; newest first reads the (created_at, id) index, which also carries the
 * search text, so a search reads no table rows and stops once the page is full); only those rows' columns are then read, so a deep page or a broad
 * search never builds columns it throws away. The total is one count of the same condition,
 * computed once in the same statement.
 */
export function orderListPage(query: OrderListQuery, now: Date = new Date()): Promise<OrderListPage> {
  return pageOf<OrderListRow>(listColumns, query, now);
}

/** The same page with whole orders (for the JSON API, which shows every field of an order). */
export function fullOrderPage(query: OrderListQuery, now: Date = new Date()): Promise<{ rows: Order[]; pagination: Pagination }> {
  return pageOf<Order>("all", query, now);
}

/**
 * Totals already counted, by condition, with the database snapshot they were counted in. Two
 * statements with the same snapshot see the same rows, so a total is reused exactly while nothing
 * has been written since (paging through a search, a list reloaded): the count, the one part of a
 * page that reads every matching order, is then skipped.
 */
const counts = new Map<string, { snapshot: string; total: number }>();
const MAX_COUNTS = 1_000;

/** The condition of a query as a key; none for a condition that moves with the clock. */
function countKey(query: OrderListQuery): string | null {
  if (query.queue === "cash-expiring") return null;
  const { page: _page, limit: _limit, sort: _sort, ...condition } = query;
  return JSON.stringify(condition);
}

function remember(key: string, count: { snapshot: string; total: number }): void {
  if (counts.size >= MAX_COUNTS) counts.clear();
  counts.set(key, count);
}

async function pageOf<Row>(
  selection: typeof listColumns | "all",
  query: OrderListQuery,
  now: Date,
): Promise<{ rows: Row[]; pagination: Pagination }> {
  const db = await getDb();
  const where = listCondition(query, now);
  const offset = (query.page - 1) * query.limit;
  const { column, direction } = sortOrders[query.sort ?? "-createdAt"];
  const page = db
    .selectFrom("orders")
    .select("orders.id")
    .$if(where !== undefined, (qb) => qb.where(where!))
    .orderBy(column, direction)
    .orderBy("orders.id", direction)
    .limit(query.limit)
    .offset(offset)
    .as("page");
  // The count is skipped when the database is as it was when this condition was last counted.
  const key = countKey(query);
  const known = key ? counts.get(key) : undefined;
  const counted = sql<number | null>`case when pg_current_snapshot()::text = ${known?.snapshot ?? ""} then null
    else (select count(*) from "orders" ${where ? sql`where ${where}` : sql``}) end`;
  const found = await db
    .selectFrom("orders")
    .innerJoin(page, "page.id", "orders.id")
    // One builder for both selections; its rows are the caller's Row.
    .$if(selection === "all", (qb) => qb.selectAll("orders"))
    .$if(selection !== "all", (qb) => qb.select(listColumns))
    .select([counted.as("listTotal"), sql<string>`pg_current_snapshot()::text`.as("snapshot")])
    .orderBy(column, direction)
    .orderBy("orders.id", direction)
    .execute();
  const rows = found.map(({ listTotal: _total, snapshot: _snapshot, ...row }) => row as unknown as Row);
  const first = found[0];
  let total: number;
  if (!first) total = offset > 0 ? await countOrders(where) : 0;
  else if (first.listTotal === null) total = known!.total;
  else {
    total = first.listTotal;
    if (key) remember(key, { snapshot: first.snapshot, total });
  }
  return { rows, pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) } };
}

async function countOrders(where: OrderCondition | undefined): Promise<number> {
  const db = await getDb();
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .$if(where !== undefined, (qb) => qb.where(where!))
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** Most rows one CSV export writes; a larger selection is cut there (the file says so in its last line). */
export const EXPORT_LIMIT = 50_000;
// Small enough that reading one batch (its rows parsed at once) keeps the event loop for a few ms only.
const EXPORT_BATCH = 250;

/**
 * Every row matching the query (page and limit aside), newest first, in batches of 250 read by
 * keyset (created_at, id), so a large export never holds more than one batch, and stops at
 * EXPORT_LIMIT rows. Yields the rows; returns whether rows were left out.
 */
export async function* allMatchingOrders(query: OrderListQuery, now: Date = new Date()): AsyncGenerator<OrderListRow[], boolean> {
  const db = await getDb();
  const where = listCondition(query, now);
  // The keyset carries created_at as the database's text: a JavaScript Date would drop its microseconds.
  const columns = [...listColumns, sql<string>`"orders"."created_at"::text`.as("cursor")] as const;
  const after = (last: { cursor: string; id: string } | null): OrderCondition | undefined =>
    last ? sql<SqlBool>`("orders"."created_at", "orders"."id") < (${last.cursor}::timestamptz, ${last.id}::uuid)` : undefined;
  const matching = (last: { cursor: string; id: string } | null) => {
    const conditions = [where, after(last)].filter((c) => c !== undefined);
    return db.selectFrom("orders").$if(conditions.length > 0, (qb) => qb.where(eb.and(conditions)));
  };
  let last: { cursor: string; id: string } | null = null;
  let sent = 0;
  while (sent < EXPORT_LIMIT) {
    const take = Math.min(EXPORT_BATCH, EXPORT_LIMIT - sent);
    const batch = await matching(last)
      .select(columns)
      .orderBy("orders.createdAt", "desc")
      .orderBy("orders.id", "desc")
      .limit(take)
      .execute();
    if (batch.length === 0) return false;
    yield batch.map(({ cursor: _cursor, ...row }) => row);
    sent += batch.length;
    if (batch.length < take) return false;
    last = batch[batch.length - 1]!;
  }
  const more = await matching(last).select("orders.id").limit(1).executeTakeFirst();
  return more !== undefined;
}
