import type { BenchDatabase } from "@workshop/testing/bench-databases.ts";
import { newYorkAddress } from "@workshop/testing/sample-orders.ts";
import { fmt, measure, type Request, SECONDS, verdict } from "./load.ts";
import { startShop } from "./shop.ts";

const CONNECTIONS = 16;
const TARGET_P99_MS = 50;

/** A browser that has chosen a hat, an address and DHL on the shop's pages: its checkout cookie. */
async function preparedCheckout(origin: string): Promise<string> {
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual" as const,
  });
  const product = (await (await fetch(`${origin}/api/products/1`)).json()) as { sizes: { sizeInCm: number }[] };
  const ordered = await fetch(`${origin}/products/1`, form({ size: String(product.sizes[0]!.sizeInCm) }));
  const cookie = ordered.headers.get("set-cookie")!.split(";")[0]!;
  const withCookie = (init: ReturnType<typeof form>) => ({ ...init, headers: { ...init.headers, Cookie: cookie } });
  await fetch(`${origin}/checkout/shipping`, withCookie(form(newYorkAddress)));
  await fetch(`${origin}/checkout/shipping-options`, withCookie(form({ deliveryOption: "DHL" })));
  return cookie;
}

/**
 * The checkout's pages as a customer waits for them, through the storefront and the API it calls
 * (each step's page, and the address form posted), under 16 connections. The API's own checkout
 * endpoints and order creation are the API's bench (apps/api/bench).
 */
export async function checkoutPageFigures(database: BenchDatabase) {
  const shop = await startShop(database);
  try {
    const cookie = await preparedCheckout(shop.origin);
    const targets: [string, string, Request][] = [
      ["GET /checkout/shipping-options", "/checkout/shipping-options", { headers: { Cookie: cookie } }],
      ["GET /checkout/payment", "/checkout/payment", { headers: { Cookie: cookie } }],
      [
        "POST /checkout/shipping (address)",
        "/checkout/shipping",
        {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(newYorkAddress).toString(),
        },
      ],
    ];
    console.log(
      `\ncheckout pages on ${database.label} (storefront and API): ${CONNECTIONS} connections, ${SECONDS} s each (target p99 <= ${TARGET_P99_MS} ms)\n`,
    );
    for (const [name, path, request] of targets) {
      const f = await measure({ url: shop.origin + path, ...request }, CONNECTIONS);
      const ok = f.p99 <= TARGET_P99_MS && f.errors + f.non2xx === 0;
      console.log(
        `${name.padEnd(36)} ${fmt(f)}   ${verdict(`${name} on ${database.label}: p99 <= ${TARGET_P99_MS} ms (${f.p99} ms)`, ok)}`,
      );
    }
  } finally {
    await shop.stop();
  }
}
