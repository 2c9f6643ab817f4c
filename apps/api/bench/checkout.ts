import type { BenchDatabase } from "@workshop/testing/bench-databases.ts";
import { newYorkAddress } from "@workshop/testing/sample-orders.ts";
import autocannon from "autocannon";
import { SECONDS, startApi } from "./api.ts";
import { BENCH_CALLBACK_TOKEN, BENCH_STAFF_TOKEN, paymentFigures } from "./payments.ts";

const CONNECTIONS = 16;
const TARGET_P99_MS = 50;

type Request = { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string };

const json = (body: unknown, cookie?: string) => ({
  method: "POST" as const,
  headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
  body: JSON.stringify(body),
});

/** A browser that has chosen a hat, an address and DHL, through the API's checkout calls: its checkout cookie. */
async function preparedCheckout(origin: string, size: number): Promise<string> {
  const started = await fetch(`${origin}/api/shop/checkout/order-now`, json({ productId: 1, size: String(size), lang: "en" }));
  const cookie = started.headers.getSetCookie()[0]?.split(";")[0];
  if (started.status !== 200 || !cookie) throw new Error(`order-now answered ${started.status}: ${await started.text()}`);
  for (const [step, body] of [
    ["address", { ...newYorkAddress, lang: "en" }],
    ["delivery", { deliveryOption: "DHL", lang: "en" }],
  ] as const) {
    const answer = await fetch(`${origin}/api/shop/checkout/${step}`, json(body, cookie));
    if (answer.status !== 200) throw new Error(`${step} answered ${answer.status}: ${await answer.text()}`);
  }
  return cookie;
}

/**
 * The checkout's calls to the API as the storefront's pages make them (each step's read, the
 * address saved) and order creation through the JSON API, under 16 connections; then, in the full
 * run, the payment figures on the same API. The pages themselves are the storefront's bench.
 */
export async function checkoutFigures(database: BenchDatabase, { payments }: { payments: boolean }) {
  const api = await startApi(database, { XENDIT_CALLBACK_TOKEN: BENCH_CALLBACK_TOKEN, ADMIN_API_TOKEN: BENCH_STAFF_TOKEN });
  try {
    const origin = api.origin;
    const product = (await (await fetch(`${origin}/api/products/1`)).json()) as {
      id: number;
      price: number;
      sizes: { sizeInCm: number }[];
    };
    const cookie = await preparedCheckout(origin, product.sizes[0]!.sizeInCm);
    const order = {
      productId: product.id,
      selectedSize: product.sizes[0]!.sizeInCm,
      price: product.price,
      shippingAddress: newYorkAddress,
      shipping: { method: "DHL", cost: 30 },
      total: product.price + 30,
      paymentMethod: "BCA",
    };
    const targets: [string, string, Request][] = [
      ["GET /api/shop/checkout/delivery", "/api/shop/checkout/delivery?lang=en", { headers: { Cookie: cookie } }],
      ["GET /api/shop/checkout/payment", "/api/shop/checkout/payment?lang=en", { headers: { Cookie: cookie } }],
      ["POST /api/shop/checkout/address", "/api/shop/checkout/address", json({ ...newYorkAddress, lang: "en" }, cookie)],
      ["POST /api/orders", "/api/orders", json(order)],
    ];
    console.log(`\ncheckout API on ${database.label}: ${CONNECTIONS} connections, ${SECONDS} s each (target p99 <= ${TARGET_P99_MS} ms)\n`);
    for (const [name, path, request] of targets) {
      const options = { url: origin + path, connections: CONNECTIONS, ...request };
      await autocannon({ ...options, duration: 2 });
      const r = await autocannon({ ...options, duration: SECONDS });
      const bad = r.errors + r.non2xx;
      const met = r.latency.p99 <= TARGET_P99_MS && !bad;
      console.log(
        `${name.padEnd(36)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms${bad ? `   (${r.errors} errors, ${r.non2xx} non-2xx)` : ""}   ${met ? "met" : "NOT met"}`,
      );
    }
    if (payments) await paymentFigures(origin, database.label, SECONDS);
  } finally {
    await api.stop();
  }
}
