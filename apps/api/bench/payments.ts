import autocannon from "autocannon";

/**
 * The payment figures of `npm run bench`: Xendit webhook ingestion (distinct events, each stored
 * and then processed by the shop) and payment-request creation against the built-in simulator
 * (each request a new order's first payment: an order row lock, an attempt row, a call to the
 * simulator over HTTP and the stored answer).
 */
export const BENCH_CALLBACK_TOKEN = "bench-callback-token-0123456789abcdef";
/** Staff may pay any order: the bench creates payment requests for orders it placed from many clients. */
export const BENCH_STAFF_TOKEN = "bench-staff-token-0123456789abcdef";
const CONNECTIONS = 16;

type Figures = { rps: number; p50: number; p99: number; errors: number; non2xx: number; total: number };

const figures = (r: autocannon.Result, seconds: number): Figures => ({
  rps: r.requests.total / seconds,
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors,
  non2xx: r.non2xx,
  total: r.requests.total,
});

/** Requests per second over the run's own wall-clock time (autocannon averages whole seconds). */
async function timed(run: () => Promise<autocannon.Result>): Promise<Figures> {
  const started = performance.now();
  const result = await run();
  return figures(result, (performance.now() - started) / 1000);
}

const fmt = (f: Figures) =>
  `${f.rps.toFixed(0).padStart(7)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   (${f.total} requests${f.errors + f.non2xx ? `, ${f.errors} errors, ${f.non2xx} non-2xx` : ""})`;

/** A payment.capture event for a payment request the shop never made: stored, processed, flagged. */
const eventBody = JSON.stringify({
  event: "payment.capture",
  business_id: "bench",
  created: new Date().toISOString(),
  api_version: "v3",
  data: {
    payment_id: "py-bench-[<id>]",
    payment_request_id: "pr-bench-[<id>]",
    reference_id: "bench:[<id>]",
    status: "SUCCEEDED",
    request_amount: 100000,
    currency: "IDR",
    channel_code: "BCA_VIRTUAL_ACCOUNT",
  },
});

async function webhookIngestion(origin: string, seconds: number): Promise<Figures> {
  const request = {
    url: `${origin}/api/xendit/webhook`,
    method: "POST" as const,
    headers: { "content-type": "application/json", "x-callback-token": BENCH_CALLBACK_TOKEN },
    body: eventBody,
    idReplacement: true,
    connections: CONNECTIONS,
  };
  await autocannon({ ...request, duration: 2 });
  return timed(() => autocannon({ ...request, duration: seconds }));
}

/** Places `n` orders paid by BCA virtual account, through the JSON API. */
async function placeOrders(origin: string, n: number): Promise<string[]> {
  const product = (await (await fetch(`${origin}/api/products/1`)).json()) as { id: number; price: number; sizes: { sizeInCm: number }[] };
  const body = JSON.stringify({
    productId: product.id,
    selectedSize: product.sizes[0]!.sizeInCm,
    price: product.price,
    shippingAddress: {
      fullName: "Bench Customer",
      email: "bench@example.com",
      phone: "+62 21 555",
      addressLine1: "Jl. Sudirman 1",
      city: "Jakarta",
      state: "DKI Jakarta",
      postalCode: "10220",
      country: "Indonesia",
    },
    shipping: { method: "LION_PARCEL", cost: 11.5 },
    total: product.price + 11.5,
    paymentMethod: "BCA",
  });
  const ids: string[] = [];
  for (let i = 0; i < n; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, n - i) }, () =>
        fetch(`${origin}/api/orders`, { method: "POST", headers: { "content-type": "application/json" }, body }).then(
          (r) => r.json() as Promise<{ id: string }>,
        ),
      ),
    );
    ids.push(...batch.map((o) => o.id));
  }
  return ids;
}

async function paymentRequestCreation(origin: string, orders: number): Promise<Figures> {
  const ids = await placeOrders(origin, orders + 40);
  let next = 0;
  const body = () => JSON.stringify({ orderId: ids[next++ % ids.length], channelCode: "BCA", paymentMethodType: "VIRTUAL_ACCOUNT" });
  const common = {
    url: `${origin}/api/xendit/payment-request`,
    method: "POST" as const,
    headers: { "content-type": "application/json", authorization: `Bearer ${BENCH_STAFF_TOKEN}` },
    connections: CONNECTIONS,
  };
  await autocannon({ ...common, amount: 40, requests: [{ setupRequest: (r: autocannon.Request) => ({ ...r, body: body() }) }] });
  return timed(() =>
    autocannon({ ...common, amount: orders, requests: [{ setupRequest: (r: autocannon.Request) => ({ ...r, body: body() }) }] }),
  );
}

export async function paymentFigures(origin: string, label: string, seconds: number) {
  console.log(`\npayments on ${label}: ${CONNECTIONS} connections\n`);
  const webhooks = await webhookIngestion(origin, seconds);
  const met = webhooks.rps >= 500 && webhooks.p99 <= 50;
  console.log(`${"POST /api/xendit/webhook".padEnd(36)} ${fmt(webhooks)}   target >= 500 req/s, p99 <= 50 ms: ${met ? "met" : "NOT met"}`);
  const created = await paymentRequestCreation(origin, 1000);
  console.log(
    `${"POST /api/xendit/payment-request".padEnd(36)} ${fmt(created)}   (new BCA request per order, simulator in the same process)`,
  );
}
