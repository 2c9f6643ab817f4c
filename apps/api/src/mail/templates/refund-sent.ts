/**
 * To the customer, for each refund once the money went out: Xendit's success, or an owner's record
 * of a refund made by hand. How much (US dollars and what it is in the currency paid), how, and
 * when it arrives (docs/decisions/047).
 */
import { formatAmount, formatUsd } from "@workshop/domain/money.ts";
import { paymentMethodName } from "@workshop/domain/payment-methods.ts";
import { refundDay as day, XENDIT_REFUND_DAYS } from "@workshop/domain/refunds.ts";
import { greeting, type MailOrder, orderButton, signature, type Template, textsIn } from "./shared.ts";

export type RefundSentVars = {
  order: MailOrder;
  refund: {
    usdCents: number;
    /** In the currency the payment was made in (whole rupiah). */
    amount: number;
    currency: string;
    /** XENDIT, BANK_TRANSFER or CASH. */
    way: string;
    /** The payment's method (DANA, CARD, …): where a refund through Xendit goes. */
    method: string;
    reference: string | null;
    /** A bank transfer's day of arrival, YYYY-MM-DD. */
    arrivesBy: string | null;
    refundedAt: Date | string;
  };
  /** Everything refunded on the order so far, this refund included (US cents and rupiah). */
  total: { usdCents: number; idr: number };
};

export const refundSent: Template<RefundSentVars> = ({ order, refund, total }, context) => {
  const { locale } = context;
  const t = textsIn(locale);
  const amount = `${formatUsd(refund.usdCents)} (${formatAmount(refund.amount, refund.currency)})`;
  const number = order.orderNumber;
  const method = paymentMethodName(refund.method, locale);
  const lines =
    refund.way === "BANK_TRANSFER"
      ? [
          t("refund.transfer", { amount, number }),
          ...(refund.arrivesBy ? [t("refund.transfer.when", { date: day(refund.arrivesBy, locale) })] : []),
        ]
      : refund.way === "CASH"
        ? [t("refund.cash", { amount, number })]
        : [t("refund.xendit", { amount, number, method }), t("refund.xendit.when", XENDIT_REFUND_DAYS)];
  const expected =
    refund.way === "BANK_TRANSFER"
      ? refund.arrivesBy
        ? t("refund.expected.transfer", { date: day(refund.arrivesBy, locale) })
        : null
      : refund.way === "CASH"
        ? t("refund.expected.cash", { date: day(refund.refundedAt, locale) })
        : t("refund.expected.xendit", XENDIT_REFUND_DAYS);
  const rows: [string, string][] = [
    [t("order"), number],
    [t("hat"), order.productName],
    [t("refund.amount"), amount],
    [
      t("refund.method"),
      refund.way === "XENDIT" ? method : t(refund.way === "CASH" ? "refund.method.CASH" : "refund.method.BANK_TRANSFER"),
    ],
    ...(refund.way !== "XENDIT" && refund.reference ? ([[t("refund.reference"), refund.reference]] as [string, string][]) : []),
    ...(expected ? ([[t("refund.expected"), expected]] as [string, string][]) : []),
  ];
  if (total.usdCents !== refund.usdCents)
    rows.push([t("refund.total"), `${formatUsd(total.usdCents)} (${formatAmount(total.idr, "IDR")})`]);
  return {
    subject: t("refund.subject", { number }),
    blocks: [
      greeting(locale),
      ...lines.map((text) => ({ kind: "p" as const, text })),
      { kind: "rows", rows },
      orderButton(order, context),
      ...signature(locale),
    ],
  };
};
