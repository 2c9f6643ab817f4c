/**
 * A local Xendit that speaks the v3 Payment Requests, Payment Sessions and Refunds APIs: the shop mounts it under
 * /_sandbox/xendit when no key is configured, and tests start it on its own port.
 * See README.md beside this file for the paths, test cards and control API.
 */
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import Fastify, { type FastifyPluginAsync } from "fastify";
import { apiRoutes, refundRoutes, sessionRoutes } from "./api-routes.ts";
import { controlRoutes } from "./control-routes.ts";
import { createEngine } from "./engine.ts";
import { answerError, noSuchPath } from "./errors.ts";
import { payRoutes } from "./pay-routes.ts";
import { leaveOtherBodiesUnread } from "./request-bodies.ts";
import { createStore, type Store } from "./store.ts";
import type { Payment, PaymentRequest, PaymentSession, Refund } from "./types.ts";
import { createWebhookSender, type DeliveryLogEntry, type DeliverySettings } from "./webhooks.ts";

export { API_VERSION } from "./api-routes.ts";

export type { WebhookBody } from "./types.ts";

export type SimulatorOptions = {
  /** Basic-auth user name expected on /v3 (password empty). */
  secretKey: string;
  /** Absolute URL where the plugin is reachable, e.g. http://localhost:3000/_sandbox/xendit (hosted page links). */
  publicUrl: string;
  /** Where webhooks go (the shop's /api/xendit/webhook); none = no webhooks. */
  callbackUrl?: string;
  /** Sent as x-callback-token. */
  callbackToken?: string;
  /** Payment requests and payments are kept in this JSON file and reloaded on start. */
  stateFile?: string;
  /** Clock in ms (default Date.now); the control API can move it forward. */
  now?: () => number;
  /** Webhook redelivery delays; Xendit retries up to 6 times over a day, shortened here. */
  retryDelaysMs?: number[];
  /** Delay between a simulate call and the payment (default 300). */
  simulateDelayMs?: number;
  /**
   * Let sessions return to http:// URLs. Xendit takes only https; the sandbox built into a shop
   * served over http (development, tests) needs this. Default false.
   */
  httpReturnUrls?: boolean;
};

export type XenditSimulator = {
  /**
   * The simulator's routes, for `app.register(plugin, { prefix: "/_sandbox/xendit" })`. It reads
   * bodies and answers errors and unknown paths itself, whatever the host does elsewhere.
   */
  plugin: FastifyPluginAsync;
  /** The state itself (read it in tests; change it only through the API). */
  store: Store;
  paymentRequest(id: string): PaymentRequest | undefined;
  paymentSession(id: string): PaymentSession | undefined;
  payment(id: string): Payment | undefined;
  refund(id: string): Refund | undefined;
  /** Every refund, newest first. */
  refunds(): Refund[];
  /** Webhook deliveries so far, attempts and retries included. */
  deliveries(): DeliveryLogEntry[];
  webhookSettings(): DeliverySettings;
  /** The simulator's clock in ms. */
  now(): number;
  /**
   * Resolves once nothing is under way: no simulated payment waiting, no webhook in flight, due or
   * held back (retries scheduled for later, and paused deliveries, do not count).
   */
  idle(): Promise<void>;
  /** Writes the state file now. */
  flush(): Promise<void>;
  /** Stops timers and deliveries and writes the state file. */
  close(): Promise<void>;
};

const defaultRetryDelaysMs: readonly number[] = [2_000, 10_000, 60_000, 300_000, 900_000, 3_600_000];
const SWEEP_EVERY_MS = 1_000;

export function createXenditSimulator(options: SimulatorOptions): XenditSimulator {
  const publicUrl = options.publicUrl.replace(/\/+$/, "");
  const baseNow = options.now ?? Date.now;
  const store = createStore(options.stateFile);
  const now = () => baseNow() + store.clockOffsetMs;
  const webhooks = createWebhookSender({
    callbackUrl: options.callbackUrl,
    callbackToken: options.callbackToken,
    retryDelaysMs: [...(options.retryDelaysMs ?? defaultRetryDelaysMs)],
    isoNow: () => new Date(now()).toISOString(),
  });
  // A stable id per key, as a real account has one.
  const businessId = createHash("sha256").update(options.secretKey).digest("hex").slice(0, 24);
  const engine = createEngine({
    store,
    webhooks,
    now,
    businessId,
    publicUrl,
    simulateDelayMs: options.simulateDelayMs ?? 300,
    httpReturnUrls: options.httpReturnUrls ?? false,
  });
  const advanceClock = (ms: number) => {
    store.clockOffsetMs += ms;
    store.changed();
  };

  const plugin: FastifyPluginAsync = async (instance) => {
    // The host's body parsers must not get in the way (a JSON parser would refuse the pay pages' forms).
    instance.removeAllContentTypeParsers();
    leaveOtherBodiesUnread(instance);
    instance.setErrorHandler((error, _request, reply) => answerError(error, reply));
    instance.all("/*", noSuchPath("No such sandbox path", instance.prefix));
    // Paths match exactly, as Xendit's do (Fastify's routes are case-sensitive unless the host says otherwise).
    await instance.register(apiRoutes(engine, options.secretKey), { prefix: "/v3" });
    await instance.register(sessionRoutes(engine, options.secretKey), { prefix: "/sessions" });
    await instance.register(refundRoutes(engine, options.secretKey), { prefix: "/refunds" });
    await instance.register(payRoutes(engine), { prefix: "/pay" });
    await instance.register(controlRoutes(engine, webhooks, advanceClock), { prefix: "/_control" });
  };

  const sweeper = setInterval(() => engine.sweep(), SWEEP_EVERY_MS).unref();

  return {
    plugin,
    store,
    paymentRequest: (id) => store.paymentRequests.get(id),
    paymentSession: (id) => store.sessions.get(id),
    payment: (id) => store.payments.get(id),
    refund: (id) => store.refunds.get(id),
    refunds: () => engine.listRefunds(),
    deliveries: () => webhooks.log(),
    webhookSettings: () => webhooks.settings(),
    now,
    async idle() {
      while (engine.pendingSimulations() > 0 || webhooks.busy()) await sleep(10);
    },
    flush: () => store.flush(),
    async close() {
      clearInterval(sweeper);
      engine.close();
      await webhooks.close();
      await store.flush();
    },
  };
}

export type StartedXenditSimulator = XenditSimulator & {
  /** http://host:port, the simulator's own public URL (Xendit's base URL for the shop's client). */
  url: string;
};

/** Runs the simulator alone on its own port (0 = any free one), for tests. */
export async function startXenditSimulator(
  options: Omit<SimulatorOptions, "publicUrl"> & { port?: number; host?: string },
): Promise<StartedXenditSimulator> {
  const { port = 0, host = "127.0.0.1", ...rest } = options;
  const app = Fastify({ logger: false });
  // The hosted pages link to the simulator's own URL, known only once the port is bound: listen
  // first, then add the routes (nothing can call before the URL is returned).
  await new Promise<void>((resolve, reject) => {
    app.server.once("error", reject);
    app.server.listen(port, host, () => resolve());
  });
  const address = app.server.address() as AddressInfo;
  const reachable = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  const url = `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${address.port}`;
  const simulator = createXenditSimulator({ ...rest, publicUrl: url });
  await app.register(simulator.plugin);
  await app.ready();
  return {
    ...simulator,
    url,
    async close() {
      await simulator.close();
      // Fastify's forceCloseConnections applies only to app.listen(): drop open connections here.
      app.server.closeAllConnections();
      await app.close();
    },
  };
}
