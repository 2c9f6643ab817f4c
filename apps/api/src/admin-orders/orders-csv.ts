import { Readable } from "node:stream";
import { TZDate } from "@date-fns/tz";
import { WORKSHOP_TIME_ZONE, workshopToday } from "@workshop/domain/admin-date.ts";
import { defineMessages, type Translate, translator } from "@workshop/domain/i18n/core.ts";
import { orderStatusLabels } from "@workshop/domain/i18n/order-statuses.ts";
import { refundStateLabels } from "@workshop/domain/i18n/refund-states.ts";
import type { Locale } from "@workshop/domain/locale.ts";
import { countryName, deliveryOptionName } from "@workshop/domain/order-names.ts";
import { paymentMethodName } from "@workshop/domain/payment-methods.ts";
import { stringify } from "csv-stringify";
import { allMatchingOrders, EXPORT_LIMIT, type OrderListQuery, type OrderListRow } from "./order-list.ts";

const headers = defineMessages(
  {
    orderNumber: "Order number",
    date: "Date (Bali time)",
    status: "Status",
    paymentStatus: "Payment status",
    method: "Payment method",
    product: "Product",
    size: "Size (cm)",
    color: "Colour",
    totalUsd: "Total (USD)",
    totalIdr: "Total (IDR)",
    customer: "Customer",
    email: "E-mail",
    phone: "Phone",
    country: "Country",
    delivery: "Delivery",
    refunds: "Refunds",
    refundedUsd: "Refunded (USD)",
    refundedIdr: "Refunded (IDR)",
    returned: "Returned (Bali time)",
    cut: "Only the newest {limit} orders are in this file; narrow the filters to export the rest.",
  },
  {
    ru: {
      orderNumber: "Номер заказа",
      date: "Дата (время Бали)",
      status: "Статус",
      paymentStatus: "Статус оплаты",
      method: "Способ оплаты",
      product: "Товар",
      size: "Размер (см)",
      color: "Цвет",
      totalUsd: "Сумма (USD)",
      totalIdr: "Сумма (IDR)",
      customer: "Покупатель",
      email: "Эл. почта",
      phone: "Телефон",
      country: "Страна",
      delivery: "Доставка",
      refunds: "Возвраты",
      refundedUsd: "Возвращено (USD)",
      refundedIdr: "Возвращено (IDR)",
      returned: "Товар возвращён (время Бали)",
      cut: "В файле только {limit} самых новых заказов; сузьте фильтры, чтобы выгрузить остальные.",
    },
  },
);

/**
 * A cell a spreadsheet would run as a formula (it starts with = + - @, or a tab or carriage
 * return that some programs skip before one) gets a leading apostrophe: it is shown as text.
 */
function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A date as the workshop reads it in a spreadsheet: 2026-11-24 18:30 (Bali time), sortable. */
function workshopDateTime(date: Date): string {
  const t = new TZDate(date.getTime(), WORKSHOP_TIME_ZONE);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${t.getFullYear()}-${two(t.getMonth() + 1)}-${two(t.getDate())} ${two(t.getHours())}:${two(t.getMinutes())}`;
}

const usd = (cents: number) => `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, "0")}`;

type StatusLabel = Translate<keyof typeof orderStatusLabels.en>;

/** A status's one label in the reader's language (i18n/order-statuses.ts); a status the shop does not know stays as stored. */
function labelOf(label: StatusLabel, key: string): string {
  return key in orderStatusLabels.en ? label(key as keyof typeof orderStatusLabels.en) : key.slice(key.indexOf(".") + 1);
}

/** A row in the reader's words: statuses, payment method, country and delivery by name, never by code. */
function csvRecord(row: OrderListRow, label: StatusLabel, locale: Locale): string[] {
  return [
    row.orderNumber,
    workshopDateTime(row.createdAt),
    labelOf(label, `status.${row.status}`),
    labelOf(label, `payment.${row.paymentStatus}`),
    paymentMethodName(row.paymentMethod, locale),
    row.productName,
    row.size === null ? "" : String(row.size),
    row.color,
    usd(row.totalCents),
    String(row.totalIdr),
    row.customerName,
    row.email,
    row.phone,
    countryName(row.country, locale),
    deliveryOptionName(row.deliveryOption, locale),
    ...refundCells(row, locale),
  ].map(safeCell);
}

/** The money after refunds in the reader's words, what went back, and when the hat came back (decision 047). */
function refundCells(row: OrderListRow, locale: Locale): string[] {
  const state = translator(refundStateLabels, locale);
  const known = row.refundState !== null && Object.hasOwn(refundStateLabels.en, row.refundState);
  return [
    known ? state(row.refundState as keyof typeof refundStateLabels.en) : (row.refundState ?? ""),
    row.refundedCents > 0 ? usd(row.refundedCents) : "",
    row.refundedIdr > 0 ? String(row.refundedIdr) : "",
    row.returnedAt ? workshopDateTime(row.returnedAt) : "",
  ];
}

/** The name the browser saves the file under: orders-YYYY-MM-DD.csv, today in Bali. */
export function exportFileName(now: Date = new Date()): string {
  return `orders-${workshopToday(now)}.csv`;
}

/**
 * Every order matching the list's filters and search (page and page size aside), as CSV: UTF-8
 * with a byte-order mark (so Excel reads Cyrillic names), headers and values in the reader's language, newest
 * first, at most EXPORT_LIMIT rows (then a last line says so). The first batch is read before the
 * answer starts, so a database that cannot answer is an error status, not a broken file.
 */
export async function ordersCsv(query: OrderListQuery, locale: Locale, now: Date = new Date()): Promise<ReadableStream<Uint8Array>> {
  const t = translator(headers, locale);
  const label = translator(orderStatusLabels, locale);
  const rows = allMatchingOrders(query, now);
  const first = await rows.next();
  const csv = stringify({
    bom: true,
    header: true,
    columns: [
      t("orderNumber"),
      t("date"),
      t("status"),
      t("paymentStatus"),
      t("method"),
      t("product"),
      t("size"),
      t("color"),
      t("totalUsd"),
      t("totalIdr"),
      t("customer"),
      t("email"),
      t("phone"),
      t("country"),
      t("delivery"),
      t("refunds"),
      t("refundedUsd"),
      t("refundedIdr"),
      t("returned"),
    ],
  });
  const write = async (record: string[]) => {
    if (!csv.write(record)) await new Promise((resolve) => csv.once("drain", resolve));
  };
  (async () => {
    let step = first;
    while (!step.done) {
      for (const [i, row] of step.value.entries()) {
        await write(csvRecord(row, label, locale));
        // Other requests between every 100 rows: a batch written at once held the event loop for tens of ms.
        if (i % 100 === 99) await new Promise(setImmediate);
      }
      step = await rows.next();
    }
    if (step.value) await write([t("cut", { limit: EXPORT_LIMIT })]);
    csv.end();
  })().catch((error: unknown) => {
    console.error("orders export failed", error);
    csv.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>;
}
