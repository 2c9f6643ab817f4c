import { formatIdr } from "@workshop/domain/money.ts";
import { describe, expect, it } from "vitest";
import { testOrder } from "#server/mail/test-order.ts";
import { type MailContent, mailTemplates, type RefundSentVars, renderMail } from "./index.ts";

const url = "https://shop.example";

/** A refund as the refund mail is given it: $42.50, what that is in the rupiah paid, made on 2 Dec 2026 in Bali. */
const refundOf = (over: Partial<RefundSentVars["refund"]> = {}): RefundSentVars["refund"] => ({
  usdCents: 4_250,
  amount: 713_035,
  currency: "IDR",
  way: "XENDIT",
  method: "CARD",
  reference: null,
  arrivesBy: null,
  refundedAt: new Date("2026-12-02T03:00:00Z"),
  ...over,
});
const cash = testOrder({
  paymentMethod: "CASH_IN_STORE",
  deliveryOption: "PICKUP",
  deliveryCostCents: 0,
  totalCents: 18_500,
  totalIdr: 3_103_800,
  // Sunday, Nov 29, 1:08 AM in Bali: its 7 days end on a Sunday night, when the workshop is closed.
  createdAt: new Date("2026-11-28T17:08:00Z"),
});

const every: MailContent[] = [
  { template: "order-received", vars: { order: testOrder() } },
  { template: "payment-confirmed", vars: { order: testOrder() } },
  { template: "order-cancelled", vars: { order: testOrder(), reason: "not-paid" } },
  { template: "payment-failed", vars: { order: testOrder() } },
  { template: "shop-new-order", vars: { order: testOrder() } },
  {
    template: "shop-payment-flagged",
    vars: {
      order: testOrder(),
      payment: { id: "pr-1", method: "BCA", amount: 3_000_000, currency: "IDR" },
      reason: "paid after the order was cancelled",
    },
  },
  {
    template: "order-shipped",
    vars: {
      order: testOrder(),
      carrier: "DHL",
      trackingNumber: "1234567890",
      trackingUrl: "https://www.dhl.com/id-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890",
    },
  },
  {
    template: "staff-message",
    vars: { order: testOrder(), subject: "Your hat RT-240517-K3QZ is being made", text: "Hello,\n\nThe weaving has <begun>." },
  },
  {
    template: "refund-sent",
    vars: {
      order: testOrder(),
      refund: refundOf({ way: "XENDIT", method: "DANA" }),
      total: { usdCents: 4_250, idr: 713_035 },
    },
  },
];

const message = {
  id: 42,
  name: "Ayu Lestari",
  email: "ayu@example.com",
  subject: "Size 64?",
  message: "Do you make hats in 64 cm?\nI have a large head.",
  locale: "ru",
  createdAt: new Date("2026-11-23T02:00:00Z"),
};

const contactMails: MailContent[] = [
  { template: "shop-contact-message", vars: { message } },
  { template: "message-reply", vars: { subject: "Re: Size 64?", text: "Yes, we do.", message } },
];

const request = {
  id: 7,
  name: "Ayu Lestari",
  email: "ayu@example.com",
  phone: "",
  hatType: "Fedora",
  material: "Straw",
  size: "58 cm",
  color: "natural",
  budget: "$150-300",
  timeline: "3-4 weeks",
  details: "A fedora with a <wide> band.",
  locale: "ru",
  createdAt: new Date("2026-11-23T02:00:00Z"),
};
const quote = {
  version: 2,
  priceCents: 18_551,
  description: "A straw fedora with a <woven> band.",
  productionTime: "3-4 weeks",
  validUntil: new Date("2026-12-08T15:59:59.999Z"),
  token: "q".repeat(32),
};
const customOrder = testOrder({
  productName: "Custom Fedora (request #C7)",
  size: null,
  customOrderId: 7,
  depositCents: 9_276,
  depositIdr: 1_556_300,
});
const customMails: MailContent[] = [
  { template: "custom-order-received", vars: { request } },
  { template: "shop-custom-order", vars: { request, photos: 2 } },
  { template: "custom-order-message", vars: { request, subject: "Your fedora", text: "We can make it.\n\nA <wide> band costs $20 more." } },
  { template: "custom-quote", vars: { quote, request } },
  { template: "deposit-received", vars: { order: customOrder } },
  { template: "balance-requested", vars: { order: customOrder } },
];

const stagePhoto = {
  path: "/api/shop/orders/tok_9f8e7d6c5b4a/making/photos/ab12/960.jpg",
  fullPath: "/api/shop/orders/tok_9f8e7d6c5b4a/making/photos/ab12/1280.jpg",
  width: 1280,
  height: 960,
};
const makingMails: MailContent[] = [
  { template: "making-started", vars: { order: testOrder(), stage: "Weaving", readyDay: "2026-12-17", deliveryDay: "2026-12-28" } },
  {
    template: "making-update",
    vars: {
      order: testOrder(),
      stage: "Finishing",
      direction: "forward",
      note: "The <band> is on.\nIt dries tonight.",
      photo: stagePhoto,
      readyDay: "2026-12-17",
      deliveryDay: "2026-12-28",
    },
  },
  { template: "making-ready", vars: { order: customOrder, stage: "Ready", note: null, photo: null, balanceDue: true } },
];

describe("mail templates", () => {
  it("custom requests: the customer gets the number and the 48-hour promise in their language, nothing they typed; the shop gets it all, escaped", () => {
    const ru = renderMail(customMails[0]!, "ru", url);
    expect(ru.subject).toBe("Ваша заявка на шляпу на заказ #C7 — Rumah Topi");
    expect(ru.text).toContain("Здравствуйте!\n\nСпасибо за вашу заявку на шляпу на заказ #C7!");
    expect(ru.text).toContain("в течение 48 часов");
    expect(ru.text).toContain("Если вы не отправляли эту заявку");
    const en = renderMail(customMails[0]!, "en", url);
    expect(en.subject).toBe("Your custom hat request #C7 — Rumah Topi");
    expect(en.text).toContain("Hello,\n\nThank you for your custom hat request #C7!");
    expect(en.text).toContain("get back to you within 48 hours");
    expect(en.text).toContain("The details you sent, and any reference photos, are with our workshop");
    for (const mail of [ru, en]) {
      for (const typed of ["Ayu", "wide", "58 cm", "natural", "150"])
        expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain(typed);
    }
    const shopCopy = renderMail(customMails[1]!, "en", url);
    expect(shopCopy.subject).toBe("Custom hat request #C7 from Ayu Lestari: Fedora");
    expect(shopCopy.html).toContain("&lt;wide&gt;");
    for (const part of [
      "From: Ayu Lestari <ayu@example.com>",
      "Size: 58 cm",
      "Color: natural",
      "Budget: $150-300",
      "Reference photos: 2",
    ]) {
      expect(shopCopy.text).toContain(part);
    }
    const message = renderMail(customMails[2]!, "ru", url);
    expect(message.subject).toBe("Your fedora");
    expect(message.text).toContain("We can make it.");
    expect(message.text).toContain("Это письмо о вашей заявке на шляпу на заказ #C7 (Fedora).");
    expect(message.html).toContain("A &lt;wide&gt; band");
  });

  it("custom quotes: the link in the request's language, the deposit (half, rounded up), the balance from the order", () => {
    const ru = renderMail(customMails[3]!, "ru", url);
    expect(ru.subject).toBe("Новая версия предложения (2) по заявке на шляпу #C7 — Rumah Topi");
    expect(ru.text).toContain(`${url}/ru/quotes/${"q".repeat(32)}`);
    expect(ru.text).toContain("Предоплата (50%): $92.76");
    expect(ru.text).toContain("3–4 недели");
    expect(ru.text).toContain("8 декабря 2026");
    expect(ru.html).toContain("&lt;woven&gt;");
    expect(ru.text).not.toContain("Ayu");
    const en = renderMail(customMails[3]!, "en", url);
    expect(en.text).toContain("Deposit to start (50%): $92.76");
    expect(en.text).toContain("Balance when the hat is ready: $92.75");
    const balance = renderMail(customMails[5]!, "en", url);
    expect(balance.subject).toBe("Your hat is ready: balance for order RT-240517-K3QZ");
    expect(balance.text).toContain(`Balance to pay: $122.24 (${formatIdr(3_607_100 - 1_556_300)})`);
    expect(balance.text).toContain(`${url}/orders/tok_9f8e7d6c5b4a`);
    expect(renderMail(customMails[4]!, "ru", url).subject).toBe("Предоплата по заказу RT-240517-K3QZ получена");
  });

  it("a custom hat's order and payment mails: the deposit and balance rows, the quote's time, no catalogue promise", () => {
    const received = renderMail({ template: "order-received", vars: { order: customOrder } }, "en", url).text;
    expect(received).toContain(`Deposit: $92.76 (${formatIdr(1_556_300)})`);
    expect(received).toContain(`Balance when the hat is ready: $122.24 (${formatIdr(3_607_100 - 1_556_300)})`);
    expect(received).toContain("within the production time of your quote");
    expect(received).not.toContain("5–10 business days");
    const cashCustom = { ...customOrder, paymentMethod: "CASH_IN_STORE", deliveryOption: "PICKUP" };
    const cashText = renderMail({ template: "order-received", vars: { order: cashCustom } }, "ru", url).text;
    expect(cashText).toContain("до 24 мая 2025 г., 17:00 (время на Бали) — и внесите предоплату наличными");
    expect(cashText).not.toContain("100% предоплаты");
    expect(cashText).not.toContain("5–10 рабочих дней");
    const confirmed = renderMail({ template: "payment-confirmed", vars: { order: customOrder } }, "en", url).text;
    expect(confirmed).toContain("your custom hat is paid in full");
    expect(confirmed).not.toMatch(/crafting takes|Estimated delivery/);
    // A catalogue order keeps its making time and promise, and no deposit rows.
    const catalogue = renderMail({ template: "payment-confirmed", vars: { order: testOrder() } }, "en", url).text;
    expect(catalogue).toMatch(/crafting takes 5–10 business days[\s\S]*Estimated delivery/);
    expect(renderMail({ template: "order-received", vars: { order: testOrder() } }, "en", url).text).not.toContain("Deposit");
  });

  it("cover every template, in both languages, with a subject, text and HTML", () => {
    expect([...every, ...contactMails, ...customMails, ...makingMails].map((m) => m.template).sort()).toEqual([...mailTemplates].sort());
    for (const mail of [...every, ...contactMails, ...makingMails]) {
      for (const locale of ["en", "ru"]) {
        const r = renderMail(mail, locale, url);
        expect(r.subject).toMatch(contactMails.includes(mail) ? /Size 64\?/ : /RT-240517-K3QZ/);
        expect(r.text.length).toBeGreaterThan(50);
        expect(r.html).toMatch(/^<!doctype html>/);
        expect(r.html).toContain(`lang="${locale}"`);
      }
    }
  });

  it("the making's mails: the stage, the estimate, the workshop's note (escaped) and photo, and the link that stops them", () => {
    const started = renderMail(makingMails[0]!, "en", url);
    expect(started.subject).toBe("Your hat for order RT-240517-K3QZ is being made");
    for (const part of [
      "It is now in its first stage: Weaving.",
      "Estimated ready: Thu, Dec 17",
      "Estimated delivery: Mon, Dec 28",
      `Rather not get an e-mail about each stage of the making? Stop them for this order:\n${url}/orders/tok_9f8e7d6c5b4a/stage-mails`,
    ])
      expect(started.text).toContain(part);
    const update = renderMail(makingMails[1]!, "ru", url);
    expect(update.subject).toBe("Ваша шляпа на этапе «Finishing» — заказ RT-240517-K3QZ");
    expect(update.text).toContain("> The <band> is on.\n> It dries tonight.");
    expect(update.html).toContain("The &lt;band&gt; is on.<br>It dries tonight.");
    expect(update.html).toContain(`<a href="${url}${stagePhoto.fullPath}"><img src="${url}${stagePhoto.path}"`);
    expect(update.html).toContain('width="520" height="390"');
    expect(update.text).toContain(`Будет готова: чт, 17 дек.`);
    expect(update.html).toContain(`href="${url}/ru/orders/tok_9f8e7d6c5b4a/stage-mails"`);
    // A custom hat whose balance is still to pay is told so; a pickup would be told where the workshop is.
    const ready = renderMail(makingMails[2]!, "en", url).text;
    expect(ready).toContain("The balance of $122.24 is paid before it leaves the workshop");
    expect(ready).toContain("We will now send it with DHL International Express");
    const pickup = {
      ...makingMails[2]!,
      vars: { ...makingMails[2]!.vars, order: { ...customOrder, deliveryOption: "PICKUP" } },
    } as MailContent;
    expect(renderMail(pickup, "en", url).text).toContain("You can collect it at the workshop:\n\n  Rumah Topi\n  Jl. Raya Mas No. 88");
    // The order's own mails carry no such link.
    expect(renderMail(every[1]!, "en", url).text).not.toContain("stage-mails");
  });

  it("order-shipped: carrier, tracking number and the tracking link; staff-message: the text as written, escaped in HTML", () => {
    const shipped = renderMail(every.find((m) => m.template === "order-shipped")!, "ru", url);
    expect(shipped.subject).toBe("Заказ RT-240517-K3QZ отправлен");
    expect(shipped.text).toContain("Трек-номер: 1234567890");
    expect(shipped.text).toContain("https://www.dhl.com/id-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890");
    expect(shipped.html).toContain("tracking-express.html?submit=1&amp;tracking-id=1234567890");
    const staff = renderMail(every.find((m) => m.template === "staff-message")!, "en", url);
    expect(staff.subject).toBe("Your hat RT-240517-K3QZ is being made");
    expect(staff.text).toContain("Hello,\n\nThe weaving has <begun>.");
    expect(staff.html).toContain("The weaving has &lt;begun&gt;.");
    expect(staff.html).not.toContain("<begun>");
    expect(staff.text).toContain("This message is about your order RT-240517-K3QZ.");
  });

  it("order-received: details, money in USD and rupiah, the order page", () => {
    const en = renderMail({ template: "order-received", vars: { order: testOrder() } }, "en", url);
    expect(en.subject).toBe("Order RT-240517-K3QZ received — Rumah Topi");
    // No name: it was typed by whoever placed the order, for an address nobody has confirmed.
    expect(en.text).toMatch(/^Hello,\n/);
    expect(en.text).not.toContain("Anna");
    expect(en.text).toContain("Size: 58 cm");
    expect(en.text).toContain("Price: $185.00");
    expect(en.text).toContain("Delivery: DHL International Express, $30.00");
    expect(en.text).toContain("Total: $215.00 (Rp 3.607.100)");
    expect(en.text).toContain("Payment: Credit or debit card");
    expect(en.text).toContain(`${url}/orders/tok_9f8e7d6c5b4a`);
    expect(en.html).toContain(`href="${url}/orders/tok_9f8e7d6c5b4a"`);
    expect(en.text).not.toContain("within 7 days");

    const ru = renderMail({ template: "order-received", vars: { order: testOrder() } }, "ru", url);
    expect(ru.subject).toBe("Заказ RT-240517-K3QZ принят — Rumah Topi");
    expect(ru.text).toMatch(/^Здравствуйте!\n/);
    expect(ru.text).toContain("Размер: 58 см");
    expect(ru.text).toContain("Итого: $215.00 (Rp 3.607.100)");
    expect(ru.text).toContain("Оплата: Банковская карта");
    // The order page in the order's language.
    expect(ru.text).toContain(`${url}/ru/orders/tok_9f8e7d6c5b4a`);
    expect(ru.html).toContain(`href="${url}/ru/orders/tok_9f8e7d6c5b4a"`);
  });

  it("order-received for cash in store: where and when to pay, 7 days, 100% prepayment, 5–10 business days", () => {
    const en = renderMail({ template: "order-received", vars: { order: cash } }, "en", url).text;
    for (const part of [
      "Jl. Raya Mas No. 88",
      "Mas, Ubud",
      "Opening hours: Monday - Saturday, 9am - 5pm; Sunday: closed",
      // The deadline moves to Monday's closing time, as the order's page says.
      "within 7 days, by Dec 7, 2026 5:00 PM (Bali time)",
      "100% prepayment",
      "5–10 business days",
      "not paid within 7 days are cancelled",
    ]) {
      expect(en).toContain(part);
    }
    expect(en).toContain("Delivery: Pickup from Workshop, free");
    expect(en).toContain("Total: $185.00 (Rp 3.103.800)");
    const ru = renderMail({ template: "order-received", vars: { order: cash } }, "ru", url).text;
    for (const part of [
      "Оплата в мастерской",
      "Jl. Raya Mas No. 88",
      "Часы работы: понедельник - суббота, 9:00 - 17:00; воскресенье: выходной",
      "в течение 7 дней — до 7 дек. 2026 г., 17:00 (время на Бали)",
      "100% предоплаты",
      "5–10 рабочих дней",
      "отменяются автоматически",
      "Самовывоз из мастерской, бесплатно",
      "Наличными в мастерской",
    ]) {
      expect(ru).toContain(part);
    }
  });

  it("order-cancelled says why; payment-failed links to the order's page to pay again", () => {
    const reasons = ["not-paid", "customer-request", "unavailable", { text: "Wrong size ordered" }] as const;
    const texts = reasons.map(
      (reason) => renderMail({ template: "order-cancelled", vars: { order: testOrder(), reason } }, "en", url).text,
    );
    expect(texts[0]).toContain("Reason: the payment did not arrive within 7 days.");
    expect(texts[3]).toContain("Reason: Wrong size ordered");
    expect(renderMail({ template: "order-cancelled", vars: { order: testOrder(), reason: "customer-request" } }, "ru", url).text).toContain(
      "Причина: по вашей просьбе.",
    );

    const order = testOrder();
    const failed = renderMail({ template: "payment-failed", vars: { order } }, "en", url);
    expect(failed.html).toContain(`href="${url}/orders/${order.accessToken}"`);
    expect(failed.text).toContain("did not go through");
    const expired = renderMail({ template: "payment-failed", vars: { order, expired: true } }, "ru", url);
    expect(expired.subject).toContain("истекло");
  });

  it("shop-new-order carries the customer's contact and address", () => {
    const r = renderMail({ template: "shop-new-order", vars: { order: testOrder() } }, "en", url);
    expect(r.subject).toBe("New order RT-240517-K3QZ: Ubud Sun Fedora, $215.00 (Rp 3.607.100)");
    for (const part of [
      "anna@example.com",
      "+7 900 123 45 67",
      "Leninsky prospekt 1",
      "Moscow, Moscow 119049",
      "Russia",
      "17 May 2025, 11:04 WITA",
    ]) {
      expect(r.text).toContain(part);
    }
  });

  it("escapes every value in the HTML, keeps it as typed in the text", () => {
    const evil = testOrder({
      productName: `Hat "Sun" & <b>Moon</b>`,
      shippingAddress: { ...testOrder().shippingAddress, fullName: `<script>alert('x')</script>` },
      accessToken: `a"><img src=x onerror=alert(1)>`,
    });
    for (const template of ["order-received", "shop-new-order"] as const) {
      const r = renderMail({ template, vars: { order: evil } }, "en", url);
      expect(r.html).not.toContain("<script>");
      expect(r.html).not.toContain("<img");
      expect(r.html).not.toContain("<b>Moon");
      expect(r.html).toContain("Hat &quot;Sun&quot; &amp; &lt;b&gt;Moon&lt;/b&gt;");
      expect(r.text).toContain(`Hat "Sun" & <b>Moon</b>`);
    }
    // The name typed at checkout is on the shop's copy only.
    expect(renderMail({ template: "shop-new-order", vars: { order: evil } }, "en", url).html).toContain(
      "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;",
    );
    expect(renderMail({ template: "order-received", vars: { order: evil } }, "en", url).text).not.toContain("alert('x')");
    const cancelled = renderMail({ template: "order-cancelled", vars: { order: evil, reason: { text: "<i>x</i>" } } }, "en", url);
    expect(cancelled.html).toContain("&lt;i&gt;x&lt;/i&gt;");
  });

  it("falls back to English for an unknown locale; formats rupiah with Indonesian grouping", () => {
    expect(renderMail(every[0]!, "de", url).subject).toBe("Order RT-240517-K3QZ received — Rumah Topi");
    expect(formatIdr(3_103_800)).toBe("Rp 3.103.800");
  });

  it("payment-confirmed promises the shop's making time plus the carrier's, counted from the payment (weekends skipped)", () => {
    // Paid on Monday 23 November 2026, 10:00 in Bali: DHL arrives 5+5 to 10+7 business days later.
    const paid = testOrder({ updatedAt: new Date("2026-11-23T02:00:00Z") });
    const en = renderMail({ template: "payment-confirmed", vars: { order: paid } }, "en", url).text;
    expect(en).toContain("crafting takes 5–10 business days");
    expect(en).toContain("Estimated delivery: between Mon, Dec 7 and Wed, Dec 16.");
    const ru = renderMail({ template: "payment-confirmed", vars: { order: paid } }, "ru", url).text;
    expect(ru).toContain("изготовление занимает 5–10 рабочих дней");
    expect(ru).toContain("Ориентировочная доставка: между пн, 7 дек. и ср, 16 дек.");
    const pickup = renderMail({ template: "payment-confirmed", vars: { order: { ...paid, deliveryOption: "PICKUP" } } }, "en", url).text;
    expect(pickup).toContain("ready for pickup between Mon, Nov 30 and Mon, Dec 7.");
  });

  it("says a hat made to order's working days, and counts its delivery from them, in the mails of its order", () => {
    // Paid on Monday 23 November 2026, 10:00 in Bali; 10 working days in a workshop closed on Sundays.
    const paid = testOrder({ updatedAt: new Date("2026-11-23T02:00:00Z") });
    const vars = { order: paid, makingWorkingDays: 10 };
    const en = renderMail({ template: "payment-confirmed", vars }, "en", url).text;
    expect(en).toContain("crafting takes 10 working days");
    expect(en).toContain("Estimated delivery: between Fri, Dec 11 and Tue, Dec 15.");
    expect(en).not.toContain("business days");
    const ru = renderMail({ template: "payment-confirmed", vars }, "ru", url).text;
    expect(ru).toContain("изготовление занимает 10 рабочих дней");
    const received = renderMail({ template: "order-received", vars }, "en", url).text;
    expect(received).toContain("start crafting your hat, which takes 10 working days.");
    const cash = renderMail(
      { template: "order-received", vars: { ...vars, order: { ...paid, paymentMethod: "CASH_IN_STORE" } } },
      "ru",
      url,
    );
    expect(cash.text).toContain("Изготовление занимает 10 рабочих дней после оплаты.");
  });

  it("writes the customer's mails in Russian with no English left, and in English with no Russian", () => {
    // The hat's name and colour arrive already in the customer's language (src/orders/in-language.ts).
    const order = testOrder({ productName: "Федора «Солнце Убуда»", color: "Натуральный", paymentMethod: "BCA" });
    const names = [
      "Anna Petrova",
      "Rumah Topi",
      "DHL International Express",
      "BCA",
      "Xendit",
      "Jl. Raya Mas No. 88",
      "Mas, Ubud",
      "Gianyar",
      "Bali 80571, Indonesia",
      "hello@rumahtopi.com",
      "RT-240517-K3QZ",
      "Rp",
      "+62 812 3456 7890",
    ];
    const customer: MailContent[] = [
      { template: "order-received", vars: { order } },
      { template: "order-received", vars: { order: { ...order, paymentMethod: "CASH_IN_STORE", deliveryOption: "PICKUP" } } },
      { template: "payment-confirmed", vars: { order } },
      { template: "payment-failed", vars: { order } },
      { template: "payment-failed", vars: { order, expired: true } },
      { template: "order-cancelled", vars: { order, reason: "not-paid" } },
      { template: "order-cancelled", vars: { order, reason: "customer-request" } },
      { template: "order-cancelled", vars: { order, reason: "unavailable" } },
    ];
    for (const mail of customer) {
      const r = renderMail(mail, "ru", url);
      let text = `${r.subject}\n${r.text}`.replace(/https?:\/\/\S+/g, " ");
      for (const name of names) text = text.split(name).join(" ");
      expect(text.match(/[A-Za-z]{2,}/g) ?? [], `${mail.template} (ru)`).toEqual([]);
      const en = renderMail({ ...mail, vars: { ...mail.vars, order: testOrder({ paymentMethod: "BCA" }) } } as MailContent, "en", url);
      expect(`${en.subject}\n${en.text}`.match(/[А-Яа-яЁё]+/g) ?? [], `${mail.template} (en)`).toEqual([]);
    }
  });

  it("shop-contact-message: who wrote, what, when, in which language, and a link to the message in the inbox", () => {
    const r = renderMail({ template: "shop-contact-message", vars: { message } }, "en", url);
    expect(r.subject).toBe("Message from Ayu Lestari: Size 64?");
    for (const part of [
      "From: Ayu Lestari <ayu@example.com>",
      "Subject: Size 64?",
      "Received: 23 Nov 2026, 10:00 WITA",
      "Customer's language: ru",
      "> Do you make hats in 64 cm?\n> I have a large head.",
      `${url}/admin/inbox/42`,
    ]) {
      expect(r.text).toContain(part);
    }
    expect(r.html).toContain(`href="${url}/admin/inbox/42"`);
    expect(r.html).toContain("Do you make hats in 64 cm?<br>I have a large head.");
  });

  it("shop-contact-message: a subject typed over several lines is sent on one; every value is escaped in the HTML", () => {
    const evil = { ...message, name: "<b>Ayu</b>", subject: "Hi\r\nBcc: x@example.com", message: "<script>alert(1)</script>" };
    const r = renderMail({ template: "shop-contact-message", vars: { message: evil } }, "en", url);
    expect(r.subject).toBe("Message from <b>Ayu</b>: Hi Bcc: x@example.com");
    expect(r.html).not.toContain("<script>");
    expect(r.html).not.toContain("<b>Ayu");
    expect(r.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("message-reply: staff's text, then the customer's message quoted, in the customer's language", () => {
    const ru = renderMail(
      { template: "message-reply", vars: { subject: "Re: Size 64?", text: "Да, делаем.\nМастерская", message } },
      "ru",
      url,
    );
    expect(ru.subject).toBe("Re: Size 64?");
    expect(ru.text.indexOf("Да, делаем.\nМастерская")).toBe(0);
    expect(ru.text).toContain("23 нояб. 2026 г., 10:00 WITA вы написали:\n\n> Do you make hats in 64 cm?\n> I have a large head.");
    expect(ru.text).toContain("Остались вопросы? Просто ответьте на это письмо.");
    expect(ru.html).toContain('<html lang="ru">');
    expect(ru.html).toContain("<blockquote");
    const en = renderMail(
      { template: "message-reply", vars: { subject: "About <your> hat", text: "Yes & <b>no</b>", message } },
      "en",
      url,
    );
    expect(en.text).toContain("On 23 Nov 2026, 10:00 WITA you wrote:");
    expect(en.html).toContain("Yes &amp; &lt;b&gt;no&lt;/b&gt;");
    expect(en.html).toContain("<title>About &lt;your&gt; hat</title>");
  });
});

describe("the refund mail", () => {
  const mail = (refund: RefundSentVars["refund"], locale: string, total = { usdCents: refund.usdCents, idr: refund.amount }) =>
    renderMail({ template: "refund-sent", vars: { order: testOrder(), refund, total } }, locale, url);

  it("says how much in dollars and in the rupiah paid, how, and when it arrives, in English and Russian", () => {
    const xendit = mail(refundOf({ method: "DANA" }), "en", { usdCents: 10_000, idr: 1_677_730 });
    expect(xendit.subject).toBe("Refund for order RT-240517-K3QZ");
    expect(xendit.text).toContain(`We have refunded $42.50 (${formatIdr(713_035)}) of your order RT-240517-K3QZ the way you paid: DANA.`);
    expect(xendit.text).toContain("within 5–7 business days");
    expect(xendit.text).toContain(`Refunded so far: $100.00 (${formatIdr(1_677_730)})`);
    const transfer = mail(refundOf({ way: "BANK_TRANSFER", method: "BCA", reference: "TRF-77", arrivesBy: "2026-12-09" }), "ru");
    expect(transfer.subject).toBe("Возврат по заказу RT-240517-K3QZ");
    expect(transfer.text).toContain("банковским переводом");
    expect(transfer.text).toContain("Номер операции: TRF-77");
    expect(transfer.text).toContain("9 декабря 2026");
    expect(transfer.text).not.toContain("Всего возвращено");
    const cash = mail(refundOf({ way: "CASH", method: "CASH_IN_STORE", reference: "Receipt 12" }), "en");
    expect(cash.text).toContain("in cash at our workshop");
    expect(cash.text).toContain("handed over on 2 December 2026");
  });
});
