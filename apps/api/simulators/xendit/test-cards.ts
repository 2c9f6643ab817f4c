import { cardFailureByAmount } from "./magic-amounts.ts";
import type { CardUsed } from "./payments.ts";

/** The hosted card page's test cards: any future expiry and any CVN. */
export const testCards: ReadonlyArray<{ number: string; label: string; failureCode?: string }> = [
  { number: "4000000000001091", label: "Visa, 3-D Secure challenge: succeeds" },
  { number: "4000000000002503", label: "Visa, 3-D Secure challenge: succeeds" },
  { number: "5200000000001096", label: "Mastercard, 3-D Secure challenge: succeeds" },
  { number: "4000000000001000", label: "Visa, frictionless: succeeds" },
  { number: "5200000000001005", label: "Mastercard, frictionless: succeeds" },
  { number: "4000000000000051", label: "Visa: declined, insufficient balance", failureCode: "INSUFFICIENT_BALANCE" },
  { number: "4000000000000002", label: "Visa: declined by the card", failureCode: "CARD_DECLINED" },
  { number: "4000000000000069", label: "Visa: expired card", failureCode: "EXPIRED_CARD" },
  { number: "4000000000000127", label: "Visa: wrong CVN", failureCode: "INVALID_CVV" },
  { number: "4000000000000119", label: "Visa: processor error", failureCode: "PROCESSOR_ERROR" },
  { number: "4000000000003063", label: "Visa: 3-D Secure authentication fails", failureCode: "AUTHENTICATION_FAILED" },
];

const frictionless = new Set(["4000000000001000", "5200000000001005"]);

/** Checks what was typed, like a card form would before sending; a message if it is malformed. */
export function readCardForm(fields: Record<string, unknown>, now: number): { card: CardUsed } | { message: string } {
  const number = String(fields.card_number ?? "").replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(number)) return { message: "Enter the card number: 13 to 19 digits." };
  const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(String(fields.expiry ?? ""));
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) return { message: "Enter the expiry date as MM/YY." };
  // A card is good until the end of its expiry month.
  const endOfMonth = Date.UTC(2000 + Number(expiry[2]), month, 1);
  if (endOfMonth <= now) return { message: "This card has expired: check the expiry date." };
  if (!/^\d{3,4}$/.test(String(fields.cvn ?? "").trim())) return { message: "Enter the CVN: the 3 or 4 digits on the card." };
  const holder = String(fields.cardholder_name ?? "")
    .trim()
    .slice(0, 100);
  return { card: { number, holder, flow: frictionless.has(number) ? "FRICTIONLESS" : "FULL_AUTH" } };
}

/** The bank's answer: a test amount (10051–10059) decides first, then the card number. */
export function cardFailure(card: CardUsed, amount: number): string | undefined {
  const byAmount = cardFailureByAmount[amount];
  if (byAmount) return byAmount;
  const known = testCards.find((test) => test.number === card.number);
  if (!known) return "CARD_DECLINED";
  return known.failureCode;
}
