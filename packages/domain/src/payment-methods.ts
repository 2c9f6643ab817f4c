import { translator } from "./i18n/core.ts";
import { paymentMethodNames } from "./i18n/payment-methods.ts";
import type { Locale } from "./locale.ts";

/**
 * The ways a customer can pay (checkout's payment step). `code` is what an order stores as its
 * paymentMethod; `logo` picks the drawn logo (see app/components/PaymentLogo.tsx).
 */
export const paymentMethodTypes = [
  "CARD",
  "VIRTUAL_ACCOUNT",
  "OVER_THE_COUNTER",
  "QR_CODE",
  "EWALLET",
  "PAYLATER",
  "CASH_IN_STORE",
  "TEST_CARD",
] as const;
export type PaymentMethodType = (typeof paymentMethodTypes)[number];

export type PaymentMethod = { code: string; type: PaymentMethodType; name: string; logo: string };

const m = (code: string, type: PaymentMethodType, name: string, logo = code): PaymentMethod => ({ code, type, name, logo });

export const paymentMethods: readonly PaymentMethod[] = [
  m("CARD", "CARD", "Credit or debit card"),
  m("BCA", "VIRTUAL_ACCOUNT", "BCA Virtual Account"),
  m("BNI", "VIRTUAL_ACCOUNT", "BNI Virtual Account"),
  m("BRI", "VIRTUAL_ACCOUNT", "BRI Virtual Account"),
  m("MANDIRI", "VIRTUAL_ACCOUNT", "Mandiri Virtual Account"),
  m("PERMATA", "VIRTUAL_ACCOUNT", "Permata Virtual Account"),
  m("BSI", "VIRTUAL_ACCOUNT", "BSI Virtual Account"),
  m("BJB", "VIRTUAL_ACCOUNT", "BJB Virtual Account"),
  m("CIMB", "VIRTUAL_ACCOUNT", "CIMB Niaga Virtual Account"),
  m("SAHABAT_SAMPOERNA", "VIRTUAL_ACCOUNT", "Bank Sahabat Sampoerna Virtual Account", "BSS"),
  m("INDOMARET", "OVER_THE_COUNTER", "Indomaret"),
  m("ALFAMART", "OVER_THE_COUNTER", "Alfamart"),
  m("QRIS", "QR_CODE", "QRIS"),
  m("OVO", "EWALLET", "OVO"),
  m("DANA", "EWALLET", "DANA"),
  m("SHOPEEPAY", "EWALLET", "ShopeePay"),
  m("LINKAJA", "EWALLET", "LinkAja"),
  m("ASTRAPAY", "EWALLET", "AstraPay"),
  m("KREDIVO", "PAYLATER", "Kredivo"),
  m("AKULAKU", "PAYLATER", "Akulaku"),
  m("ATOME", "PAYLATER", "Atome"),
  m("INDODANA", "PAYLATER", "Indodana"),
  m("CASH_IN_STORE", "CASH_IN_STORE", "Cash in store"),
  m("TEST_CARD", "TEST_CARD", "Test card"),
];

export function paymentMethodByCode(code: string): PaymentMethod | undefined {
  return paymentMethods.find((p) => p.code === code);
}

/** A method's name in a language ('Виртуальный счёт BCA'); an unknown code as it is. */
export function paymentMethodName(code: string, locale: Locale): string {
  const method = paymentMethodByCode(code);
  if (!method) return code;
  const t = translator(paymentMethodNames, locale);
  if (method.type === "VIRTUAL_ACCOUNT") return t("virtualAccount", { bank: method.name.replace(/ Virtual Account$/, "") });
  const key = method.code as keyof typeof paymentMethodNames.en;
  return Object.hasOwn(paymentMethodNames.en, key) ? t(key) : method.name;
}

/** Over-the-counter stores take at most Rp 5.000.000 per payment. */
export const OVER_THE_COUNTER_CAP_IDR = 5_000_000;
export const OVER_THE_COUNTER_CAP_MESSAGE =
  "For Indomaret/Alfamart the maximum per payment is Rp 5.000.000. Please choose Bank Transfer (Virtual Account) or split your order.";
