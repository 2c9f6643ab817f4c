import { actorName } from "./actor-names.ts";
import type { Locale } from "./locale.ts";
import { paymentMethodName } from "./payment-methods.ts";

/**
 * An order's history line in the reader's language. The line is stored in English, as the shop's
 * record (the API's orders/, payments/, custom-orders/ and admin-orders/ write them: "placed (CASH_IN_STORE)"); the
 * console shows each known form as words with the codes named ("Placed · Cash in store"), and
 * anything else as stored.
 */
type Words = {
  placed: string;
  placedFromQuote: (version: string, request: string) => string;
  prepayment: string;
  markedPaid: string;
  paidWorkStarts: string;
  paid: Record<"paid" | "deposit paid" | "balance paid", string>;
  ended: Record<"expired" | "cancelled", string>;
  failed: (code: string) => string;
  newAttempt: string;
  shipped: (carrier: string, tracking: string) => string;
  cancelled: string;
  cancelKind: Record<string, string>;
  statusChanged: string;
  balanceLink: string;
  requestCancelled: (id: string) => string;
  requestNotCancelled: (id: string, why: string) => string;
  updatedByStaff: string;
  source: (source: string) => string;
};

const words: Record<Locale, Words> = {
  en: {
    placed: "Placed",
    placedFromQuote: (v, r) => `Placed from quote v${v} of request #C${r}`,
    prepayment: "Prepayment not received within 7 days",
    markedPaid: "Marked paid in the workshop",
    paidWorkStarts: "Paid: work starts",
    paid: { paid: "Paid", "deposit paid": "Deposit paid", "balance paid": "Balance paid" },
    ended: { expired: "Payment expired", cancelled: "Payment cancelled" },
    failed: (code) => `Payment failed: ${code}`,
    newAttempt: "New payment attempt",
    shipped: (c, n) => `Shipped · ${c}, tracking ${n}`,
    cancelled: "Cancelled",
    cancelKind: { "customer-request": "at the customer's request", unavailable: "we cannot make it" },
    statusChanged: "Status changed",
    balanceLink: "Balance payment link sent",
    requestCancelled: (id) => `Payment request ${id} cancelled at Xendit`,
    requestNotCancelled: (id, why) => `Payment request ${id} could not be cancelled at Xendit: ${why}`,
    updatedByStaff: "Updated by staff",
    source: (s) => (s === "create" ? "when created" : s),
  },
  ru: {
    placed: "Оформлен",
    placedFromQuote: (v, r) => `Оформлен по предложению v${v} к заявке #C${r}`,
    prepayment: "Предоплата не получена за 7 дней",
    markedPaid: "Оплата принята в мастерской",
    paidWorkStarts: "Оплачен: работа начинается",
    paid: { paid: "Оплачен", "deposit paid": "Предоплата внесена", "balance paid": "Остаток оплачен" },
    ended: { expired: "Срок оплаты истёк", cancelled: "Платёж отменён" },
    failed: (code) => `Платёж не прошёл: ${code}`,
    newAttempt: "Новая попытка оплаты",
    shipped: (c, n) => `Отправлен · ${c}, трек-номер ${n}`,
    cancelled: "Отменён",
    cancelKind: { "customer-request": "по просьбе покупателя", unavailable: "не можем изготовить" },
    statusChanged: "Статус изменён",
    balanceLink: "Отправлена ссылка на оплату остатка",
    requestCancelled: (id) => `Запрос оплаты ${id} отменён в Xendit`,
    requestNotCancelled: (id, why) => `Запрос оплаты ${id} не удалось отменить в Xendit: ${why}`,
    updatedByStaff: "Изменено сотрудником",
    source: (s) => (s === "create" ? "при создании" : s === "status check" ? "проверка статуса" : s.replace(/^webhook /, "вебхук ")),
  },
};

const line = (...parts: string[]) => parts.join(" · ");

/** The stored forms, each read into words. `method` is a payment method's code ("test card" from the test checkout). */
function forms(w: Words, locale: Locale): [RegExp, (...groups: string[]) => string][] {
  const method = (code: string) => paymentMethodName(code === "test card" ? "TEST_CARD" : code, locale);
  const who = (label: string) => actorName(label, locale);
  return [
    [/^placed \((.+)\)$/, (m) => line(w.placed, method(m!))],
    [/^placed from quote v(\d+) of request #C(\d+) \((.+)\)$/, (v, r, m) => line(w.placedFromQuote(v!, r!), method(m!))],
    [/^prepayment not received within 7 days$/, () => w.prepayment],
    [/^marked paid in the workshop by (.+)$/, (by) => line(w.markedPaid, who(by!))],
    [/^paid: work starts$/, () => w.paidWorkStarts],
    [
      /^(paid|deposit paid|balance paid) \(([^,]+)(?:, (.+))?\)$/,
      (what, m, s) => line(w.paid[what as keyof Words["paid"]], method(m!), ...(s ? [w.source(s)] : [])),
    ],
    [/^payment (expired|cancelled) \(([^,]+), (.+)\)$/, (what, m, s) => line(w.ended[what as "expired"], method(m!), w.source(s!))],
    [/^payment failed: (\S+) \(([^,]+), (.+)\)$/, (code, m, s) => line(w.failed(code!), method(m!), w.source(s!))],
    [/^new payment attempt \((.+)\)$/, (m) => line(w.newAttempt, method(m!))],
    [/^shipped with (.+), tracking (.+) \((.+)\)$/, (c, n, by) => line(w.shipped(c!, n!), who(by!))],
    [/^cancelled by ([^:]+): (.*)$/s, (by, why) => line(w.cancelled, who(by!), w.cancelKind[why!] ?? why!)],
    [/^status changed by (.+)$/, (by) => line(w.statusChanged, who(by!))],
    [/^balance payment link sent by (.+)$/, (by) => line(w.balanceLink, who(by!))],
    [/^payment request (\S+) cancelled at Xendit$/, (id) => w.requestCancelled(id!)],
    [/^payment request (\S+) could not be cancelled at Xendit: (.*)$/s, (id, why) => w.requestNotCancelled(id!, why!)],
    [/^updated by staff$/, () => w.updatedByStaff],
  ];
}

const readers = new Map<Locale, ReturnType<typeof forms>>();

export function historyLine(reason: string, locale: Locale): string {
  let known = readers.get(locale);
  if (!known) {
    known = forms(words[locale], locale);
    readers.set(locale, known);
  }
  for (const [pattern, say] of known) {
    const match = reason.match(pattern);
    if (match) return say(...match.slice(1));
  }
  return reason;
}
