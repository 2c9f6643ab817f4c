import { describe, expect, it } from "vitest";
import { historyLine } from "./order-history.ts";

describe("order history lines", () => {
  it("stay as stored in English", () => {
    expect(historyLine("placed (BCA)", "en")).toBe("placed (BCA)");
  });

  it("read in Russian in the Russian admin, every form the shop writes", () => {
    const cases: [string, string][] = [
      ["placed (CASH_IN_STORE)", "оформлен (CASH_IN_STORE)"],
      ["prepayment not received within 7 days", "предоплата не получена за 7 дней"],
      ["marked paid in the workshop by ayu@rumahtopi.com", "оплата принята в мастерской (ayu@rumahtopi.com)"],
      ["paid: work starts", "оплачен: работа начинается"],
      ["paid (DANA, webhook payment.capture)", "оплачен (DANA, вебхук payment.capture)"],
      ["payment expired (BCA, status check)", "срок оплаты истёк (BCA, проверка статуса)"],
      ["payment failed: INSUFFICIENT_BALANCE (OVO, create)", "платёж не прошёл: INSUFFICIENT_BALANCE (OVO, при создании)"],
      ["new payment attempt (QRIS)", "новая попытка оплаты (QRIS)"],
      ["shipped with DHL, tracking 1234567890 (ayu@rumahtopi.com)", "отправлен: DHL, трек-номер 1234567890 (ayu@rumahtopi.com)"],
      ["cancelled by ayu@rumahtopi.com: customer-request", "отменён (ayu@rumahtopi.com): по просьбе покупателя"],
      ["cancelled by ayu@rumahtopi.com: the straw ran out", "отменён (ayu@rumahtopi.com): the straw ran out"],
      ["status changed by ayu@rumahtopi.com", "статус изменён (ayu@rumahtopi.com)"],
      ["balance payment link sent by ayu@rumahtopi.com", "ссылка на оплату остатка отправлена (ayu@rumahtopi.com)"],
      ["payment request pr-1 cancelled at Xendit", "запрос оплаты pr-1 отменён в Xendit"],
      ["payment request pr-1 could not be cancelled at Xendit: 409", "запрос оплаты pr-1 не удалось отменить в Xendit: 409"],
      ["something new", "something new"],
    ];
    for (const [stored, shown] of cases) expect(historyLine(stored, "ru"), stored).toBe(shown);
  });
});
