import { formatAmount } from "@workshop/domain/money.ts";

/** A payment's amount on the payment pages: the shop's one money format (@workshop/domain/money.ts). */
export function formatPaymentAmount(amount: number, currency: string | null | undefined): string {
  return formatAmount(amount, currency);
}

/** The amount as digits only, for pasting into a banking app. */
export function amountForCopy(amount: number): string {
  return String(amount);
}
