import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ShippingAddressInput } from "@workshop/domain/validation/address.ts";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { seedProducts } from "#server/db/seed/products.ts";
import { seedCatalogIfEmpty } from "#server/db/seed.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import { processWebhookEvents, receiveWebhook, webhookProcessingIdle } from "#server/payments/webhooks.ts";
import { connectXendit } from "#server/payments/xendit/connection.ts";
import { type StartedXenditSimulator, startXenditSimulator } from "#simulators/xendit/index.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { type RefundFault, startFaultyXendit } from "#test-support/xendit-faults.ts";

const SECRET = "xnd_development_test_only_key";
export const TOKEN = "callback-token-for-the-tests-0123456789";

/** A customer in Jakarta: delivery by courier, every online method, no cash in store. */
export const jakartaAddress = {
  fullName: "Budi Santoso",
  email: "budi@example.com",
  phone: "+62 21 555",
  addressLine1: "Jl. Sudirman 1",
  addressLine2: "",
  city: "Jakarta",
  state: "DKI Jakarta",
  postalCode: "10220",
  country: "Indonesia" as const,
};

type PaymentsHarness = {
  database: DatabaseHandle;
  simulator: StartedXenditSimulator;
  /** The webhook receiver answers 500 this many more times (to make the simulator retry). */
  failNext: number;
};

/**
 * The payment tests' world: a migrated, seeded database, the Xendit simulator over HTTP, and a
 * webhook receiver in front of the shop's own receiveWebhook, set up for the test file.
 */
export function usePaymentsHarness(address: ShippingAddressInput) {
  const h = { failNext: 0 } as PaymentsHarness;
  let receiver: Server | undefined;
  let faulty: Awaited<ReturnType<typeof startFaultyXendit>> | undefined;

  beforeAll(async () => {
    h.database = await freshDatabase();
    await seedCatalogIfEmpty(h.database.db);
    receiver = createServer((req, res) => {
      let raw = "";
      req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      req.on("end", async () => {
        if (h.failNext > 0) {
          h.failNext--;
          res.writeHead(500).end();
          return;
        }
        const answer = await receiveWebhook(
          (req.headers["x-callback-token"] as string | undefined) ?? null,
          raw,
          (req.headers["webhook-id"] as string | undefined) ?? null,
        );
        res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => receiver!.listen(0, "127.0.0.1", resolve));
    const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/xendit/webhook`;
    h.simulator = await startXenditSimulator({
      secretKey: SECRET,
      callbackUrl,
      callbackToken: TOKEN,
      retryDelaysMs: [100, 200, 400],
      simulateDelayMs: 20,
      httpReturnUrls: true,
    });
    connectXendit({ baseUrl: h.simulator.url, secretKey: SECRET, callbackToken: TOKEN });
  });

  afterAll(async () => {
    await faulty?.close();
    await h.simulator?.close();
    receiver?.close();
    await webhookProcessingIdle();
    await h.database?.close();
  });

  beforeEach(async () => {
    h.failNext = 0;
    faulty?.spoil({ kind: "lose-answer" }, 0);
    connectXendit({ baseUrl: h.simulator.url, secretKey: SECRET, callbackToken: TOKEN });
    await control("/webhooks", { duplicates: 1, reverse: false, paused: false });
  });

  /** Calls the simulator's control API; fails the test on a refusal. */
  async function control(path: string, body: object = {}) {
    const response = await fetch(`${h.simulator.url}/_control${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.ok, await response.clone().text()).toBe(true);
    return response.json();
  }

  /**
   * Spoils the next `times` refund requests the shop sends (a lost answer, a broken one, a refusal):
   * the shop talks to the simulator through a faulty Xendit until the test ends.
   */
  async function spoilRefunds(fault: RefundFault, times = 1) {
    faulty ??= await startFaultyXendit(h.simulator.url);
    faulty.spoil(fault, times);
    connectXendit({ baseUrl: faulty.url, secretKey: SECRET, callbackToken: TOKEN });
  }

  /** An order of the first hat to `address`, by Lion Parcel, to be paid online with `method`. */
  const placeOnline = (method = "BCA") =>
    placeOrder({
      productId: 1,
      selectedSize: seedProducts[0]!.sizes[0]!,
      shippingAddress: address,
      deliveryOption: "LION_PARCEL",
      paymentMethod: method,
      locale: "en",
    });

  /** How many mails of a template an order has in the outbox. */
  const mailsOf = async (orderId: string, template: string) =>
    (
      await h.database.db
        .selectFrom("mailOutbox")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("orderId", "=", orderId)
        .where("template", "=", template)
        .executeTakeFirstOrThrow()
    ).n;

  /** Waits until the simulator has no delivery in flight and the shop has processed what arrived. */
  async function settled() {
    await h.simulator.idle();
    await webhookProcessingIdle();
    await processWebhookEvents();
  }

  return { h, control, placeOnline, mailsOf, settled, spoilRefunds };
}
