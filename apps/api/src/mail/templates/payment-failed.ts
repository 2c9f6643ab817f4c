/** To the customer, when a payment did not go through or ran out of time: a link to try again. */
import { greeting, type MailOrder, orderUrl, signature, type Template, textsIn, totalText } from "./shared.ts";

export type PaymentFailedVars = { order: MailOrder; expired?: boolean };

export const paymentFailed: Template<PaymentFailedVars> = ({ order, expired = false }, context) => {
  const { locale } = context;
  const t = textsIn(locale);
  const vars = { number: order.orderNumber, total: totalText(order) };
  return {
    subject: t(expired ? "failed.subject.expired" : "failed.subject", vars),
    blocks: [
      greeting(locale),
      { kind: "p", text: `${t(expired ? "failed.text.expired" : "failed.text", vars)} ${t("failed.saved")}` },
      { kind: "button", label: t("failed.retry"), href: orderUrl(order, context) },
      ...signature(locale),
    ],
  };
};
