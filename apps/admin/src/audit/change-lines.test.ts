import { changeFields } from "@workshop/domain/audit-changes.ts";
import { formatUsd } from "@workshop/domain/money.ts";
import { describe, expect, it } from "vitest";
import { consoleDay } from "#admin/dates.ts";
import { changeLinesOf } from "./change-lines.ts";

const lines = (action: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null, locale: "en" | "ru") =>
  changeLinesOf(action, changeFields(before, after), locale);

describe("an audit row's changes in the reader's words", () => {
  it("names each field and each value: statuses by label, money, days, languages, yes and no", () => {
    const paid = [
      { status: "PENDING", paymentStatus: "AWAITING_PREPAYMENT" },
      { status: "PROCESSING", paymentStatus: "SUCCEEDED" },
    ] as const;
    expect(lines("order-marked-paid", ...paid, "en")).toEqual(["Status: Pending → Processing", "Payment: Awaiting cash → Paid"]);
    expect(lines("order-marked-paid", ...paid, "ru")).toEqual(["Статус: Ожидает → В обработке", "Оплата: Ждём наличные → Оплачен"]);
    expect(lines("order-status", { status: "IN_PROGRESS" }, { status: "SHIPPED", carrier: "DHL", trackingNumber: "JD1" }, "en")).toEqual([
      "Status: In progress → Shipped",
      "Carrier: — → DHL",
      "Tracking number: — → JD1",
    ]);
    expect(lines("custom-order-status", { status: "NEW" }, { status: "QUOTED" }, "ru")).toEqual(["Статус: Новая → Цена предложена"]);
    const quote = { version: 1, priceCents: 18_550, productionTime: "3-4 weeks", validUntil: "2026-12-13" };
    expect(lines("quote-sent", null, quote, "en")).toEqual([
      "Version: v1",
      "Price: $185.50",
      "Production time: 3–4 weeks",
      "Valid until: Dec 13, 2026",
    ]);
    expect(lines("quote-sent", null, quote, "ru")).toEqual([
      "Версия: v1",
      "Цена: $185.50",
      "Срок изготовления: 3–4 недели",
      "Действует до: 13 дек. 2026",
    ]);
    const person = { email: "ketut@workshop.test", name: "Ketut", role: "staff", locale: "ru", disabled: false };
    expect(lines("staff-disabled", person, { ...person, disabled: true }, "en")).toEqual(["Disabled: no → yes"]);
    expect(lines("staff-created", null, person, "ru")).toEqual([
      "Эл. почта: ketut@workshop.test",
      "Имя: Ketut",
      "Роль: Сотрудник",
      "Язык: русский",
      "Отключён: нет",
    ]);
    expect(lines("sign-in-failed", null, { reason: "wrong e-mail or password" }, "ru")).toEqual(["Причина: неверная эл. почта или пароль"]);
  });

  it("counts photos, words a product's Russian texts, and leaves the shop's own ids out", () => {
    const before = { name: "Ubud Panama", sizes: [55, 57], images: [{ key: "a.jpg" }], translations: {} };
    const after = {
      name: "Ubud Panama",
      sizes: [55, 57, 59],
      images: [{ key: "a.jpg" }, { key: "b.jpg" }],
      translations: { ru: { name: "Панама Убуд" } },
    };
    expect(lines("product-updated", before, after, "en")).toEqual([
      "Sizes: 55, 57 cm → 55, 57, 59 cm",
      "Photos: 1 photo → 2 photos",
      "Russian texts: — → Name: Панама Убуд",
    ]);
    expect(lines("product-updated", { madeToOrder: true }, { madeToOrder: false }, "en")).toEqual(["Made to order: yes → no"]);
    expect(lines("product-updated", { madeToOrder: false }, { madeToOrder: true }, "ru")).toEqual(["Делается на заказ: нет → да"]);
    expect(lines("product-deleted", { name: "Old Trilby" }, null, "ru")).toEqual(["Название: Old Trilby"]);
    expect(lines("order-note", null, { noteId: 7, text: "Wrapped" }, "en")).toEqual(["Text: Wrapped"]);
    expect(
      lines(
        "refund",
        { paymentAttemptId: "x", attempt: 2, method: "BCA", paymentStatus: "SUCCEEDED", flag: null, refunds: [] },
        null,
        "en",
      ),
    ).toEqual(["Payment no.: 2", "Method: BCA Virtual Account", "Payment: Paid", "Flag: —", "Refunds before: —"]);
    expect(
      lines("refund", null, { refundId: 3, amount: 1_500_000, currency: "IDR", reason: "DUPLICATE", status: "PENDING" }, "en"),
    ).toEqual(["Amount: Rp 1.500.000", "Reason: Duplicate payment", "Status: Pending at Xendit"]);
  });

  it("words a partial refund and a return as the API records them: the payment refunded as it stood, then the refund", () => {
    const before = {
      paymentAttemptId: "a1",
      attempt: 1,
      method: "DANA",
      paymentStatus: "SUCCEEDED",
      flag: null,
      left: { amount: 3_607_120, usdCents: 21_500 },
      refunds: [],
    };
    const after = {
      refundId: "r1",
      paymentAttemptId: "a1",
      way: "XENDIT",
      amount: 2_638_231,
      currency: "IDR",
      amountUsdCents: 15_725,
      reason: "REQUESTED_BY_CUSTOMER",
      status: "CREATING",
    };
    const refund = lines("refund", before, after, "en");
    expect(refund).toEqual(
      expect.arrayContaining([
        "Payment no.: 1",
        "Method: DANA",
        "Left to refund: $215.00 (Rp 3.607.120)",
        "How: Through Xendit",
        "Amount: Rp 2.638.231",
        "Amount in dollars: $157.25",
      ]),
    );
    expect(refund.join("\n")).not.toMatch(/→ —|[{}]|XENDIT|usdCents/);
    expect(lines("refund", { ...before, refunds: [] }, { ...after, way: "BANK_TRANSFER", arrivesBy: "2026-12-03" }, "ru")).toEqual(
      expect.arrayContaining([
        "Как: Банковский перевод",
        `Осталось вернуть: ${formatUsd(21_500)} (Rp 3.607.120)`,
        `Поступит до: ${consoleDay("2026-12-03", "ru")}`,
      ]),
    );
    const returned = { status: "DELIVERED", returned: true, kind: "RETURN", late: false, feeCents: 2775, proposedCents: 15_725 };
    expect(lines("order-returned", { status: "DELIVERED", returned: false }, returned, "en")).toEqual([
      "Returned: no → yes",
      "Kind: — → sent back unworn",
      "Past the 14 days: — → no",
      "Restocking fee: — → $27.75",
      "Proposed refund: — → $157.25",
    ]);
  });

  it("words a refund sent to Xendit again as it was", () => {
    const before = { refundId: "r1", status: "CREATING" };
    const after = {
      refundId: "r1",
      resent: true,
      way: "XENDIT",
      amount: 830_000,
      currency: "IDR",
      amountUsdCents: 5_000,
      reason: "DUPLICATE",
    };
    expect(lines("refund", before, after, "en")).toEqual(
      expect.arrayContaining(["Sent to Xendit again: yes", "Amount in dollars: $50.00"]),
    );
    expect(lines("refund", before, after, "ru")).toEqual(expect.arrayContaining(["Снова отправлен в Xendit: да"]));
  });

  it("words the making's moves and its stage list in the reader's language", () => {
    const move = {
      stage: "Blocking",
      direction: "back",
      reason: "Uneven crown",
      noteRu: "Переделываем тулью",
      tellCustomer: true,
      photos: 2,
    };
    expect(lines("order-making-stage", { stage: "Finishing" }, move, "en")).toEqual([
      "Making stage: Finishing → Blocking",
      "Move: — → back to an earlier stage",
      "Reason: — → Uneven crown",
      "Note for the customer (Russian): — → Переделываем тулью",
      "Customer told: — → yes",
      "Photos: — → 2 photos",
    ]);
    expect(lines("order-making-adjust", null, { stage: "Weaving", tellCustomer: false, photos: 1 }, "ru")).toEqual([
      "Этап изготовления: Weaving",
      "Покупателю сообщено: нет",
      "Фото: 1 фото",
    ]);
    expect(lines("photos-uploaded", null, { makingPhotos: ["a".repeat(32), "b".repeat(32)] }, "en")).toEqual(["Stage photos: 2 photos"]);
    const stage = (nameEn: string, nameRu: string, usualDays: number) => ({ id: usualDays, nameEn, nameRu, usualDays });
    expect(
      lines(
        "making-stages-changed",
        { stages: [stage("Weaving", "Плетение", 6), stage("Ready", "Готово", 0)] },
        { stages: [stage("Weaving", "Плетение", 5), stage("Ready", "Готово", 0)] },
        "ru",
      ),
    ).toEqual(["Этапы: Плетение (6 рабочих дней), Готово (0 рабочих дней) → Плетение (5 рабочих дней), Готово (0 рабочих дней)"]);
  });

  it("shows a field or value it does not know as stored", () => {
    expect(lines("order-returned", { somethingNew: "A" }, { somethingNew: "B" }, "ru")).toEqual(["somethingNew: A → B"]);
  });
});
