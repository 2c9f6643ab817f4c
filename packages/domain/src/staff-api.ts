import { z } from "zod";
import { locales } from "./locale.ts";

/**
 * The staff console's contract with the API (`/api/admin/…`): what the console sends and what it
 * gets back. The API checks requests with these schemas; the console's forms use the same ones.
 * docs/decisions/036-staff-console.md.
 */

// Apart from the schemas, so that a page's upload code can name it without loading zod.
export { CSRF_HEADER } from "./csrf-header.ts";

/** POST /api/admin/session: signing in. */
export const signInRequest = z.object({
  email: z.string().trim().min(1, "Enter your e-mail").max(254, "An e-mail is at most 254 characters"),
  password: z.string().min(1, "Enter your password").max(256, "A password is at most 256 characters"),
});
export type SignInRequest = z.infer<typeof signInRequest>;

/** PATCH /api/admin/session: the signed-in person's own settings (the console's language). */
export const sessionSettingsRequest = z.object({ locale: z.enum(locales) });

/** The signed-in staff member. */
const staffMe = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(["owner", "staff"]),
  locale: z.enum(locales),
});

/** GET / POST / PATCH /api/admin/session: who is signed in, and the token their writes carry. */
export const sessionAnswer = z.object({ staff: staffMe, csrfToken: z.string() });
export type SessionAnswer = z.infer<typeof sessionAnswer>;

/** Every refusal: `{error}`, with field messages under `details` for bad input, `retryAfter` (seconds) for a 429. */
export const errorAnswer = z.object({
  error: z.string(),
  details: z.unknown().optional(),
  retryAfter: z.number().optional(),
});

/** The orders list's work queues (the dashboard's counts link to them). */
export const orderQueues = ["awaiting-payment", "to-make", "to-ship", "cash-expiring", "flagged"] as const;
export type OrderQueue = (typeof orderQueues)[number];

/** Money over a period: US cents at the orders' prices, the rupiah charged, and how many orders. */
const moneySum = z.object({ usdCents: z.number().int(), idr: z.number().int(), orders: z.number().int() });
export type MoneySum = z.infer<typeof moneySum>;

/** GET /api/admin/dashboard */
export const dashboardAnswer = z.object({
  /** Today in the workshop's time zone, YYYY-MM-DD. */
  today: z.string(),
  counts: z.object({
    newToday: z.number().int(),
    "awaiting-payment": z.number().int(),
    "to-make": z.number().int(),
    "to-ship": z.number().int(),
    "cash-expiring": z.number().int(),
    flagged: z.number().int(),
    unreadMessages: z.number().int(),
    newCustomOrders: z.number().int(),
  }),
  money: z.object({
    /** Payments received since Monday 00:00 (workshop time), before refunds. */
    paidThisWeek: moneySum,
    /** Payments received since the 1st of this month 00:00 (workshop time), before refunds. */
    paidThisMonth: moneySum,
    /** Cash-in-store orders still waiting for their prepayment (not cancelled): how many and their total. */
    unpaidCash: moneySum,
    /** Refunds whose money went out since Monday / the 1st (Xendit's success, or recorded by hand), and of how many orders. */
    refundedThisWeek: moneySum,
    refundedThisMonth: moneySum,
    /** Received less refunded in the same period (`orders`: the orders paid). */
    netThisWeek: moneySum,
    netThisMonth: moneySum,
  }),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;

/** The orders list's page sizes and sorts; the first of each is the default. */
export const orderPageSizes = [25, 10, 50, 100] as const;
export const orderSorts = ["-createdAt", "createdAt", "-total", "total"] as const;
export type OrderSort = (typeof orderSorts)[number];

/** A calendar date, YYYY-MM-DD. */
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a calendar date YYYY-MM-DD");

/**
 * GET /api/admin/orders: one page of the orders list. Every parameter is optional; a value the shop
 * does not know is a 400 naming the parameter (the console keeps its state in its address, so a
 * hand-edited address must say what is wrong rather than show another list).
 */
export const orderListRequest = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (orderPageSizes as readonly number[]).includes(n), `one of ${orderPageSizes.join(", ")}`)
    .default(orderPageSizes[0]),
  sort: z.enum(orderSorts).default(orderSorts[0]),
  q: z.string().max(100).optional(),
  status: z.string().max(40).optional(),
  paymentStatus: z.string().max(40).optional(),
  method: z.string().max(40).optional(),
  queue: z.enum(orderQueues).optional(),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  /** The money after refunds: PARTLY_REFUNDED, REFUNDED, REFUND_PENDING, REFUND_FAILED. */
  refund: z.string().max(40).optional(),
  /** A making stage's id (GET /api/admin/making/stages): the orders in the workshop in that stage now. */
  making: z.string().max(20).optional(),
});

/** One row of the orders list. */
const orderListRow = z.object({
  id: z.string(),
  orderNumber: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  productName: z.string(),
  size: z.number().nullable(),
  color: z.string(),
  totalCents: z.number().int(),
  totalIdr: z.number().int(),
  status: z.string(),
  paymentStatus: z.string(),
  paymentMethod: z.string(),
  deliveryOption: z.string(),
  customerName: z.string(),
  email: z.string(),
  country: z.string(),
  /** The money after refunds beside the payment status, what went back, and when the hat came back (decision 047). */
  refundState: z.string().nullable(),
  refundedCents: z.number().int(),
  refundedIdr: z.number().int(),
  returnedAt: z.string().nullable(),
});
export type OrderListRow = z.infer<typeof orderListRow>;

/** A page of a list: its rows and where it is in the whole. */
export const pageOf = <Row extends z.ZodType>(row: Row) =>
  z.object({ rows: z.array(row), page: z.number().int(), size: z.number().int(), total: z.number().int(), pages: z.number().int() });

export const orderListAnswer = pageOf(orderListRow);
export type OrderListAnswer = z.infer<typeof orderListAnswer>;
