import type { Locale } from "./locale.ts";

/**
 * An order's history line in the admin's language. The line is stored in English, as the shop's
 * record (server/orders, server/payments, server/desk write them); the Russian admin shows the
 * known forms translated and anything else as stored.
 */
const source = (s: string) =>
  s === "create" ? "при создании" : s === "status check" ? "проверка статуса" : s.replace(/^webhook /, "вебхук ");
const cancelKind = (k: string) => (k === "customer-request" ? "по просьбе покупателя" : k === "unavailable" ? "не можем изготовить" : k);

const russian: [RegExp, (...groups: string[]) => string][] = [
  [/^placed \((.+)\)$/, (m) => `оформлен (${m})`],
  [/^prepayment not received within 7 days$/, () => "предоплата не получена за 7 дней"],
  [/^marked paid in the workshop by (.+)$/, (who) => `оплата принята в мастерской (${who})`],
  [/^paid: work starts$/, () => "оплачен: работа начинается"],
  [/^paid \(([^,]+), (.+)\)$/, (m, s) => `оплачен (${m}, ${source(s!)})`],
  [/^payment expired \(([^,]+), (.+)\)$/, (m, s) => `срок оплаты истёк (${m}, ${source(s!)})`],
  [/^payment cancelled \(([^,]+), (.+)\)$/, (m, s) => `платёж отменён (${m}, ${source(s!)})`],
  [/^payment failed: (\S+) \(([^,]+), (.+)\)$/, (code, m, s) => `платёж не прошёл: ${code} (${m}, ${source(s!)})`],
  [/^new payment attempt \((.+)\)$/, (m) => `новая попытка оплаты (${m})`],
  [/^shipped with (.+), tracking (.+) \((.+)\)$/, (c, n, who) => `отправлен: ${c}, трек-номер ${n} (${who})`],
  [/^cancelled by ([^:]+): (.*)$/s, (who, why) => `отменён (${who}): ${cancelKind(why!)}`],
  [/^status changed by (.+)$/, (who) => `статус изменён (${who})`],
  [/^balance payment link sent by (.+)$/, (who) => `ссылка на оплату остатка отправлена (${who})`],
  [/^payment request (\S+) cancelled at Xendit$/, (id) => `запрос оплаты ${id} отменён в Xendit`],
  [
    /^payment request (\S+) could not be cancelled at Xendit: (.*)$/s,
    (id, why) => `запрос оплаты ${id} не удалось отменить в Xendit: ${why}`,
  ],
  [/^updated by staff$/, () => "изменено сотрудником"],
];

export function historyLine(reason: string, locale: Locale): string {
  if (locale !== "ru") return reason;
  for (const [pattern, say] of russian) {
    const match = reason.match(pattern);
    if (match) return say(...match.slice(1));
  }
  return reason;
}
