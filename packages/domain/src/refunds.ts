import type { Locale } from "./locale.ts";

/**
 * Refunds and returns as pure rules (docs/decisions/047-partial-refunds-and-returns.md): what an
 * order's money says after its refunds, and what a return proposes to give back (SPEC 9: returns
 * within 14 days after delivery, a 15 % restocking fee, the refund within 5–7 business days).
 */

/** The order's money after refunds, beside its payment status (which keeps its SPEC values). */
export const refundStates = ["PARTLY_REFUNDED", "REFUNDED", "REFUND_PENDING", "REFUND_FAILED"] as const;
export type RefundState = (typeof refundStates)[number];
export const isRefundState = (value: unknown): value is RefundState => (refundStates as readonly unknown[]).includes(value);

/** How a refund reaches the customer: through Xendit, or by hand (a bank transfer, cash in the showroom). */
export const refundWays = ["XENDIT", "BANK_TRANSFER", "CASH"] as const;
export type RefundWay = (typeof refundWays)[number];
export const isRefundWay = (value: unknown): value is RefundWay => (refundWays as readonly unknown[]).includes(value);

/** What a return is: a hat sent back unworn (less the fee), or one with a defect (no fee). */
export const returnKinds = ["RETURN", "DEFECT"] as const;
export type ReturnKind = (typeof returnKinds)[number];

export const RETURN_WINDOW_DAYS = 14;
const RESTOCKING_FEE_PERCENT = 15;
/** How long a refund through Xendit takes to reach the customer, as the shop promises it. */
export const XENDIT_REFUND_DAYS = { min: 5, max: 7 } as const;

/**
 * The order's refund state: a refund under way or failed first (someone should look), else
 * REFUNDED when nothing the customer paid is kept, PARTLY_REFUNDED when less than the order's
 * price is kept (or any of a payment the order never needed), else none: only money taken beyond
 * the price (a payment made twice) went back, and the order stays simply paid.
 */
export function refundStateOf(money: {
  /** Every payment that took money, in US cents at the order's prices. */
  collectedCents: number;
  /** Refunds done. */
  refundedCents: number;
  /** What the order's own payment status says it holds: its total, its deposit, or nothing. */
  dueCents: number;
  /** A refund being created or waiting for Xendit's word. */
  open: boolean;
  /**
   * A refund failed and nothing was done about it since: its payment still has money left, and no
   * refund of that payment was made after the failure.
   */
  failureStands: boolean;
}): RefundState | null {
  if (money.open) return "REFUND_PENDING";
  if (money.failureStands) return "REFUND_FAILED";
  if (money.refundedCents <= 0) return null;
  const kept = money.collectedCents - money.refundedCents;
  if (kept <= 0) return "REFUNDED";
  if (money.dueCents === 0 || kept < money.dueCents) return "PARTLY_REFUNDED";
  return null;
}

/** The restocking fee on a hat's price, in cents (half a cent up). */
function restockingFee(priceCents: number): number {
  return Math.floor((priceCents * RESTOCKING_FEE_PERCENT + 50) / 100);
}

/**
 * What a return proposes to refund, in US cents: a hat sent back unworn, its price less the fee
 * (the delivery went out and stays paid); a defect, everything the order cost.
 */
export function returnProposal(kind: ReturnKind, order: { priceCents: number; totalCents: number }): { feeCents: number; cents: number } {
  if (kind === "DEFECT") return { feeCents: 0, cents: order.totalCents };
  const feeCents = restockingFee(order.priceCents);
  return { feeCents, cents: order.priceCents - feeCents };
}

// One format per language: making one costs far more than formatting with it.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A refund's day in words ('14 May 2026', '14 мая 2026 г.'): a calendar day YYYY-MM-DD as it is
 * (a bank transfer's arrival), a moment on the workshop's clock (Bali).
 */
export function refundDay(value: Date | string, locale: Locale): string {
  const calendar = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const key = `${locale}:${calendar}`;
  let format = dayFormats.get(key);
  if (!format) {
    const timeZone = calendar ? "UTC" : "Asia/Makassar";
    format = new Intl.DateTimeFormat(locale === "ru" ? "ru-RU" : "en-GB", { dateStyle: "long", timeZone });
    dayFormats.set(key, format);
  }
  return format.format(calendar ? new Date(`${value}T00:00:00Z`) : new Date(value));
}

/** Whether the 14 days after `from` (delivery) had passed at `at`. */
export function pastReturnWindow(from: Date, at: Date): boolean {
  return at.getTime() - from.getTime() > RETURN_WINDOW_DAYS * 24 * 3_600_000;
}
