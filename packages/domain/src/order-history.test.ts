import { describe, expect, it } from "vitest";
import { historyLine } from "./order-history.ts";

describe("order history lines", () => {
  it("read as words in either language, every form the shop writes, with no code left raw", () => {
    const cases: [string, string, string][] = [
      ["placed (CASH_IN_STORE)", "Placed · Cash in store", "Оформлен · Наличными в мастерской"],
      ["placed (BCA)", "Placed · BCA Virtual Account", "Оформлен · Виртуальный счёт BCA"],
      [
        "placed from quote v2 of request #C12 (INDOMARET)",
        "Placed from quote v2 of request #C12 · Indomaret",
        "Оформлен по предложению v2 к заявке #C12 · Indomaret",
      ],
      ["prepayment not received within 7 days", "Prepayment not received within 7 days", "Предоплата не получена за 7 дней"],
      ["marked paid in the workshop by Ayu", "Marked paid in the workshop · Ayu", "Оплата принята в мастерской · Ayu"],
      ["paid: work starts", "Paid: work starts", "Оплачен: работа начинается"],
      ["paid (DANA, webhook payment.capture)", "Paid · DANA · webhook payment.capture", "Оплачен · DANA · вебхук payment.capture"],
      [
        "deposit paid (BRI, status check)",
        "Deposit paid · BRI Virtual Account · status check",
        "Предоплата внесена · Виртуальный счёт BRI · проверка статуса",
      ],
      ["deposit paid (test card)", "Deposit paid · Test card", "Предоплата внесена · Тестовая карта"],
      [
        "balance paid (CARD, create)",
        "Balance paid · Credit or debit card · when created",
        "Остаток оплачен · Банковская карта · при создании",
      ],
      [
        "payment expired (BCA, status check)",
        "Payment expired · BCA Virtual Account · status check",
        "Срок оплаты истёк · Виртуальный счёт BCA · проверка статуса",
      ],
      ["payment cancelled (OVO, create)", "Payment cancelled · OVO · when created", "Платёж отменён · OVO · при создании"],
      [
        "payment failed: INSUFFICIENT_BALANCE (OVO, create)",
        "Payment failed: INSUFFICIENT_BALANCE · OVO · when created",
        "Платёж не прошёл: INSUFFICIENT_BALANCE · OVO · при создании",
      ],
      ["new payment attempt (QRIS)", "New payment attempt · QRIS", "Новая попытка оплаты · QRIS"],
      [
        "shipped with DHL, tracking 1234567890 (Ayu)",
        "Shipped · DHL, tracking 1234567890 · Ayu",
        "Отправлен · DHL, трек-номер 1234567890 · Ayu",
      ],
      ["cancelled by Ayu: customer-request", "Cancelled · Ayu · at the customer's request", "Отменён · Ayu · по просьбе покупателя"],
      ["cancelled by api token: the straw ran out", "Cancelled · API token · the straw ran out", "Отменён · API-токен · the straw ran out"],
      ["status changed by system", "Status changed · The shop", "Статус изменён · Магазин"],
      ["balance payment link sent by Ayu", "Balance payment link sent · Ayu", "Отправлена ссылка на оплату остатка · Ayu"],
      ["payment request pr-1 cancelled at Xendit", "Payment request pr-1 cancelled at Xendit", "Запрос оплаты pr-1 отменён в Xendit"],
      [
        "payment request pr-1 could not be cancelled at Xendit: 409",
        "Payment request pr-1 could not be cancelled at Xendit: 409",
        "Запрос оплаты pr-1 не удалось отменить в Xendit: 409",
      ],
      ["updated by staff", "Updated by staff", "Изменено сотрудником"],
      ["something new", "something new", "something new"],
    ];
    for (const [stored, en, ru] of cases) {
      expect(historyLine(stored, "en"), stored).toBe(en);
      expect(historyLine(stored, "ru"), stored).toBe(ru);
    }
  });
});
