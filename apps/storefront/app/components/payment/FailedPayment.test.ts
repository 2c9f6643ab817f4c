import type { Locale } from "@workshop/domain/locale.ts";
import type { PaymentRecord } from "@workshop/domain/payment-record.ts";
import { createElement } from "react";
import { prerender } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type FailedLookup, FailedPayment, type FailedPaymentProps } from "./FailedPayment.tsx";

/**
 * /checkout/failed as the server sends it, once the streamed payment is in: the page in the root
 * loader's language. The browser test walks one failure per language to this page; the text of
 * every reason is checked here.
 */
async function renderFailed(locale: Locale, props: FailedPaymentProps): Promise<string> {
  const routes = [
    {
      id: "root",
      path: "/",
      loader: () => ({ locale }),
      children: [{ index: true, element: createElement(FailedPayment, props) }],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://shop.test/"));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // prerender waits for the Suspense boundary, as the streamed page does.
  const { prelude } = await prerender(createElement(StaticRouterProvider, { router, context, hydrate: false }));
  return new Response(prelude).text();
}

const entities: Record<string, string> = { "&amp;": "&", "&#x27;": "'", "&quot;": '"', "&lt;": "<", "&gt;": ">", "&nbsp;": "\u00a0" };
/** The text of a piece of markup, as a reader sees it. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&[#\w]+;/g, (e) => entities[e] ?? e)
    .replace(/\s+/g, " ")
    .trim();
const h1Of = (html: string) => textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "");
const alertOf = (html: string) => textOf(/<p role="alert"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "");

/** A card payment whose session the customer left after the card failed (or without paying: CANCELLED). */
const cardPayment = (failure_reason: string): PaymentRecord => ({
  id: "ps-0123456789abcdef01234567",
  reference_id: "order-1",
  amount: 185_000,
  currency: "IDR",
  status: "CANCELLED",
  failure_reason,
  payment_method: { type: "CARD", channel_code: "CARD", channel_properties: { expires_at: null } },
});

const failedPage = (record: PaymentRecord, orderNumber = "RT-7K3M9Q"): FailedPaymentProps => ({
  paymentId: record.id,
  orderId: record.reference_id,
  error: null,
  lookup: Promise.resolve<FailedLookup>({ record, orderNumber }),
});

const titles = { en: "Payment Not Completed", ru: "Платёж не завершён" };

// What the customer reads for each reason a card payment ends with (the test cards of the sandbox).
const failures: [string, { en: string; ru: string }][] = [
  ["INSUFFICIENT_BALANCE", { en: "There is not enough money on the card or account.", ru: "На карте или счёте недостаточно средств." }],
  ["CARD_DECLINED", { en: "The card was declined.", ru: "Карта отклонена." }],
  ["EXPIRED_CARD", { en: "The card has expired.", ru: "Срок действия карты истёк." }],
  ["INVALID_CVV", { en: "The CVV code is incorrect.", ru: "Неверный код CVV." }],
  ["PROCESSOR_ERROR", { en: "The payment system had a technical problem.", ru: "Техническая ошибка платёжной системы." }],
  [
    "AUTHENTICATION_FAILED",
    { en: "the card's security check (3-D Secure) did not pass", ru: "проверка безопасности карты (3-D Secure) не пройдена" },
  ],
  ["CANCELLED", { en: "The payment was cancelled.", ru: "Платёж был отменён." }],
];

describe("the failed-payment page", () => {
  describe.each(["en", "ru"] as const)("in %s", (lang) => {
    it.each(failures)("%s: its text, the payment id and the order number", async (code, text) => {
      const record = cardPayment(code);
      const html = await renderFailed(lang, failedPage(record));
      expect(h1Of(html)).toBe(titles[lang]);
      expect(alertOf(html)).toContain(text[lang]);
      expect(textOf(html)).toContain(record.id);
      expect(textOf(html)).toContain("RT-7K3M9Q");
    });
  });
});
