import { deliveryCostCents, deliveryOptions, isDeliveryOptionId, regionOf } from "@workshop/domain/delivery.ts";
import type { Locale } from "@workshop/domain/locale.ts";
import { centsToIdr } from "@workshop/domain/money.ts";
import {
  OVER_THE_COUNTER_CAP_IDR,
  OVER_THE_COUNTER_CAP_MESSAGE,
  type PaymentMethod,
  paymentMethodByCode,
} from "@workshop/domain/payment-methods.ts";
import type { ProductView } from "@workshop/domain/product.ts";
import type { ShippingAddressInput } from "@workshop/domain/validation/address.ts";
import type { Insertable } from "kysely";
import { readProducts } from "#server/catalog/products.ts";
import { paymentsSandbox } from "#server/config.ts";
import { batched } from "#server/db/batched.ts";
import { getDb } from "#server/db/client.ts";
import { json } from "#server/db/json.ts";
import type { Tx } from "#server/db/tx.ts";
import type { Database, ShippingAddress } from "#server/db/types.ts";
import { AppError } from "#server/errors.ts";
import { deliverQueuedMail } from "#server/mail/index.ts";
import { collectionMakingTimes, promisedDeliveryDay } from "#server/making/promised-dates.ts";
import { startMakingOnPayment } from "#server/making/start.ts";
import { usdToIdrRate } from "#server/pricing/fx-rate.ts";
import { announceNewOrders } from "./notifications.ts";
import { newAccessToken, newOrderNumber } from "./numbers.ts";
import type { OrderStatus, PaymentStatus } from "./status.ts";
import type { Order } from "./types.ts";

export type PlaceOrderInput = {
  productId: number;
  selectedSize: number | null;
  shippingAddress: ShippingAddressInput;
  deliveryOption: string;
  paymentMethod: string;
  locale: Locale;
  /** Amounts a caller says it is paying (the JSON API): refused unless they match the server's. */
  claimed?: { priceCents?: number; deliveryCostCents?: number; totalCents?: number };
};

/** The first statuses of an order, by payment method (SPEC section 4). */
export function initialStatuses(method: PaymentMethod): { status: OrderStatus; paymentStatus: PaymentStatus } {
  if (method.type === "CASH_IN_STORE") return { status: "PENDING", paymentStatus: "AWAITING_PREPAYMENT" };
  if (method.type === "TEST_CARD") return { status: "PROCESSING", paymentStatus: "SUCCEEDED" };
  return { status: "PENDING", paymentStatus: "PENDING" };
}

/**
 * The delivery and the payment method a customer chose, checked against the address: the option
 * must serve its region, cash in store is for Bali, and the test card only in the sandbox.
 */
export function deliveryAndMethod(input: { shippingAddress: ShippingAddressInput; deliveryOption: string; paymentMethod: string }) {
  const { deliveryOption } = input;
  if (!isDeliveryOptionId(deliveryOption)) throw new AppError("invalid", `Invalid delivery option: ${deliveryOption}`);
  const region = regionOf(input.shippingAddress);
  if (!deliveryOptions[deliveryOption].regions.includes(region)) {
    throw new AppError("invalid", `Delivery option ${deliveryOption} is not available for this address`);
  }
  const method = paymentMethodByCode(input.paymentMethod);
  if (!method) throw new AppError("invalid", `Invalid payment method: ${input.paymentMethod}`);
  if (method.type === "CASH_IN_STORE" && region !== "bali")
    throw new AppError("invalid", "Cash in store is only available for addresses in Bali");
  if (method.type === "TEST_CARD" && !paymentsSandbox()) throw new AppError("invalid", `Invalid payment method: ${input.paymentMethod}`);
  return { deliveryOption, region, method };
}

/** The checks and the money of an order, given its product as read now and the current rate. */
function quoteFrom(input: Omit<PlaceOrderInput, "locale" | "claimed">, product: ProductView | null, rate: string) {
  if (!product) throw new AppError("not_found", "Product not found");
  if (!product.inStock) throw new AppError("conflict", "This product is out of stock");
  if (product.sizes.length > 0 && (input.selectedSize === null || !product.sizes.includes(input.selectedSize))) {
    throw new AppError("invalid", "Please select one of the product's sizes");
  }
  const { deliveryOption, method } = deliveryAndMethod(input);

  const deliveryCost = deliveryCostCents(deliveryOption);
  const totalCents = product.priceCents + deliveryCost;
  const totalIdr = centsToIdr(totalCents, rate);
  if (method.type === "OVER_THE_COUNTER" && totalIdr > OVER_THE_COUNTER_CAP_IDR)
    throw new AppError("invalid", OVER_THE_COUNTER_CAP_MESSAGE);
  return { product, method, deliveryCost, totalCents, rate, totalIdr };
}

function checkClaims(claimed: PlaceOrderInput["claimed"], actual: { priceCents: number; deliveryCostCents: number; totalCents: number }) {
  if (!claimed) return;
  const wrong = (["priceCents", "deliveryCostCents", "totalCents"] as const).filter(
    (k) => claimed[k] !== undefined && claimed[k] !== actual[k],
  );
  if (wrong.length > 0) {
    throw new AppError("invalid", "The amounts sent do not match the shop's prices", {
      fields: wrong,
      expected: { price: actual.priceCents / 100, deliveryCost: actual.deliveryCostCents / 100, total: actual.totalCents / 100 },
    });
  }
}

/** Places an order: checks everything, computes the money, stores the order and queues its e-mails. */
export function placeOrder(input: PlaceOrderInput): Promise<Order> {
  return placeTogether(input);
}

// Orders placed at the same moment go to the database together (group commit): one product read,
// one transaction and one job insert for all of them instead of about ten statements each. Each
// order still gets its own checks, against prices and stock read after it arrived, and its own
// answer or error.
const placeTogether = batched(placeOrders);

/** An order to insert, its address as a plain object (insertOrders writes it as JSON). */
export type NewOrder = Omit<Insertable<Database["orders"]>, "orderNumber" | "accessToken" | "shippingAddress"> & {
  shippingAddress: ShippingAddress;
};

async function placeOrders(inputs: PlaceOrderInput[]): Promise<(Order | Error)[]> {
  const placedAt = new Date();
  const db = await getDb();
  const productIds = inputs.map((input) => input.productId);
  const [products, { rate }, makingTimes] = await Promise.all([
    readProducts(productIds, "en"),
    usdToIdrRate(),
    collectionMakingTimes(db, productIds),
  ]);
  const results: (Order | Error)[] = [];
  const accepted: { index: number; values: NewOrder }[] = [];
  inputs.forEach((input, index) => {
    try {
      const quote = quoteFrom(input, products.get(input.productId) ?? null, rate);
      checkClaims(input.claimed, {
        priceCents: quote.product.priceCents,
        deliveryCostCents: quote.deliveryCost,
        totalCents: quote.totalCents,
      });
      // The delivery day the checkout showed, counted as it counted it, kept for the making's lateness.
      const promised = promisedDeliveryDay(input.deliveryOption, placedAt, makingTimes.get(input.productId)!);
      accepted.push({ index, values: { ...newOrder(input, quote), promisedDeliveryDay: promised } });
    } catch (error) {
      results[index] = error instanceof Error ? error : new Error(String(error));
    }
  });
  if (accepted.length === 0) return results;

  const mails: number[] = [];
  const stored = await db.transaction().execute(async (tx) => {
    const rows = await insertOrders(
      tx,
      accepted.map((a) => a.values),
    );
    await tx
      .insertInto("orderEvents")
      .values(
        rows.map((row) => ({
          orderId: row.id,
          status: row.status,
          paymentStatus: row.paymentStatus,
          reason: `placed (${row.paymentMethod})`,
        })),
      )
      .execute();
    // Paid as placed (the sandbox's test card): its making starts at once (decision 054).
    for (const row of rows) if (row.paymentStatus === "SUCCEEDED") await startMakingOnPayment(tx, row);
    await announceNewOrders(rows, { tx, later: mails });
    return rows;
  });
  for (const [i, a] of accepted.entries()) results[a.index] = stored[i]!;
  // The customer need not wait for the mail jobs: the mails are stored, and the sweep catches up.
  void deliverQueuedMail(mails);
  return results;
}

function newOrder(input: PlaceOrderInput, quote: ReturnType<typeof quoteFrom>): NewOrder {
  return {
    ...initialStatuses(quote.method),
    paymentMethod: quote.method.code,
    productId: quote.product.id,
    productName: quote.product.name,
    productImage: quote.product.images[0]?.key ?? null,
    size: input.selectedSize,
    color: quote.product.color,
    priceCents: quote.product.priceCents,
    shippingAddress: input.shippingAddress,
    deliveryOption: input.deliveryOption,
    deliveryCostCents: quote.deliveryCost,
    totalCents: quote.totalCents,
    usdToIdrRate: quote.rate,
    totalIdr: quote.totalIdr,
    locale: input.locale,
  };
}

/** Inserts orders, each under a new order number (one already taken gets another try); rows in the order given. */
export async function insertOrders(tx: Tx, values: NewOrder[]): Promise<Order[]> {
  const rows: Order[] = [];
  let pending = values.map((_, i) => i);
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 5) throw new Error("Could not find a free order number");
    const numbers = new Set<string>();
    while (numbers.size < pending.length) numbers.add(newOrderNumber());
    const batch = [...numbers].map((orderNumber, k) => {
      const value = values[pending[k]!]!;
      return { ...value, shippingAddress: json(value.shippingAddress), orderNumber, accessToken: newAccessToken() };
    });
    const inserted = await tx
      .insertInto("orders")
      .values(batch)
      .onConflict((oc) => oc.column("orderNumber").doNothing())
      .returningAll()
      .execute();
    const byNumber = new Map(inserted.map((row) => [row.orderNumber, row]));
    pending = pending.filter((index, k) => {
      const row = byNumber.get(batch[k]!.orderNumber);
      if (row) rows[index] = row;
      return !row;
    });
  }
  return rows;
}
