import { queryStoppedShop } from "@workshop/testing/shop-database.ts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { orderPayload } from "./samples.ts";
import { type RunningShop, startShop } from "./support/start-shop.ts";

let shop: RunningShop;
beforeAll(async () => {
  shop = await startShop({ RATE_LIMIT_ORDERS: "10000/600", LOG_LEVEL: "warn" });
});
afterAll(() => shop.remove());

type Outcome = { accepted: string } | { refused: string };

/**
 * SIGTERM in the middle of a burst of orders: the shop stops within 10 s, every order it
 * accepted (201) is stored exactly once, and it stored none it did not answer.
 */
it("on SIGTERM, finishes the orders in flight, stores each accepted one once, and stops within 10 s", async () => {
  const payload = JSON.stringify(await orderPayload(shop.baseURL));
  const place = async (): Promise<Outcome> => {
    try {
      const response = await fetch(`${shop.baseURL}/api/orders`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: payload,
      });
      if (response.status !== 201) return { refused: String(response.status) };
      return { accepted: ((await response.json()) as { id: string }).id };
    } catch (error) {
      return { refused: (error as Error).cause ? String((error as { cause: { code?: string } }).cause.code) : String(error) };
    }
  };
  // Sixteen clients keep ordering until the shop no longer takes orders.
  const outcomes: Outcome[] = [];
  let signalled = false;
  const client = async () => {
    for (let i = 0; i < 200; i++) {
      const outcome = await place();
      outcomes.push(outcome);
      if ("refused" in outcome && signalled) return;
    }
  };
  const clients = Array.from({ length: 16 }, client);
  // SIGTERM once the burst is well under way.
  while (outcomes.filter((o) => "accepted" in o).length < 20) await new Promise((resolve) => setTimeout(resolve, 20));
  const signalledAt = Date.now();
  signalled = true;
  const stopped = shop.stop();
  await Promise.all(clients);
  await stopped;
  const stopSeconds = (Date.now() - signalledAt) / 1000;

  const accepted = outcomes.flatMap((o) => ("accepted" in o ? [o.accepted] : []));
  expect(stopSeconds).toBeLessThan(10);
  expect(shop.log).toContain("SIGTERM: shutting down");
  expect(shop.log).not.toContain("exiting anyway");
  // After the signal, clients were turned away (503 or a closed connection), never with a 500.
  expect(outcomes.filter((o) => "refused" in o && o.refused.startsWith("5") && o.refused !== "503")).toEqual([]);

  const rows = await queryStoppedShop<{ id: string }>(shop.dataDir, "select id from orders");
  expect(new Set(accepted).size).toBe(accepted.length);
  expect(rows.map((row) => row.id).sort()).toEqual([...accepted].sort());
}, 120_000);
