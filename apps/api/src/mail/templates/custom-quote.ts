/** The custom hat's payment mails: the quote, the deposit received, the balance link. */
import { DEPOSIT_PERCENT, depositCents, productionTimeText, quoteDay } from "@workshop/domain/custom-quote.ts";
import { localePath } from "@workshop/domain/locale.ts";
import { formatIdr, formatUsd } from "@workshop/domain/money.ts";
import { shop } from "@workshop/domain/shop.ts";
import type { Row } from "#server/db/types.ts";
import { greeting, type MailOrder, orderButton, orderUrl, signature, type Template, textsIn } from "./shared.ts";

type MailQuote = Pick<Row<"customQuotes">, "version" | "priceCents" | "description" | "productionTime" | "validUntil" | "token">;

export type CustomQuoteVars = { quote: MailQuote; request: { id: number } };

/** To the customer, in the request's language: the quote and its private link. */
export const customQuote: Template<CustomQuoteVars> = ({ quote, request }, context) => {
  const { locale } = context;
  const t = textsIn(locale);
  const number = `#C${request.id}`;
  const deposit = depositCents(quote.priceCents);
  const href = `${context.publicUrl}${localePath(locale, `/quotes/${encodeURIComponent(quote.token)}`)}`;
  return {
    subject:
      quote.version > 1
        ? t("quote.subjectRevised", { number, shop: shop.name, version: quote.version })
        : t("quote.subject", { number, shop: shop.name }),
    blocks: [
      greeting(locale),
      { kind: "p", text: t("quote.intro") },
      { kind: "heading", text: t("quote.what") },
      { kind: "quote", text: quote.description.replace(/\r\n?/g, "\n") },
      {
        kind: "rows",
        rows: [
          [t("quote.price"), formatUsd(quote.priceCents)],
          [t("quote.deposit", { percent: DEPOSIT_PERCENT }), formatUsd(deposit)],
          [t("quote.balance"), formatUsd(quote.priceCents - deposit)],
          [t("quote.production"), productionTimeText(quote.productionTime, locale)],
          [t("quote.validUntil"), quoteDay(quote.validUntil, locale)],
        ],
      },
      { kind: "p", text: t("quote.next") },
      { kind: "button", label: t("quote.open"), href },
      { kind: "p", text: t("quote.private") },
      ...signature(locale),
    ],
  };
};

export type CustomOrderPaymentVars = { order: MailOrder };

/** To the customer, when the deposit of a custom hat's order is paid. */
export const depositReceived: Template<CustomOrderPaymentVars> = ({ order }, context) => {
  const t = textsIn(context.locale);
  return {
    subject: t("deposit.subject", { number: order.orderNumber }),
    blocks: [
      greeting(context.locale),
      { kind: "p", text: t("deposit.text", { number: order.orderNumber }) },
      {
        kind: "rows",
        rows: [
          [t("order"), order.orderNumber],
          [t("hat"), order.productName],
          [t("balance.paid"), `${formatUsd(order.depositCents ?? 0)} (${formatIdr(order.depositIdr ?? 0)})`],
        ],
      },
      orderButton(order, context),
      ...signature(context.locale),
    ],
  };
};

/** To the customer, sent by staff from the order when the hat is ready: the balance and its link. */
export const balanceRequested: Template<CustomOrderPaymentVars> = ({ order }, context) => {
  const t = textsIn(context.locale);
  const balanceCents = order.totalCents - (order.depositCents ?? 0);
  const balanceIdr = order.totalIdr - (order.depositIdr ?? 0);
  return {
    subject: t("balance.subject", { number: order.orderNumber }),
    blocks: [
      greeting(context.locale),
      { kind: "p", text: t("balance.text", { number: order.orderNumber }) },
      {
        kind: "rows",
        rows: [
          [t("order"), order.orderNumber],
          [t("hat"), order.productName],
          [t("balance.paid"), `${formatUsd(order.depositCents ?? 0)} (${formatIdr(order.depositIdr ?? 0)})`],
          [t("balance.amount"), `${formatUsd(balanceCents)} (${formatIdr(balanceIdr)})`],
        ],
      },
      { kind: "button", label: t("balance.open"), href: orderUrl(order, context) },
      ...signature(context.locale),
    ],
  };
};
