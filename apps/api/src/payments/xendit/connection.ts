import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { config, paymentsSandbox } from "#server/config.ts";
import { type XenditClient, xenditClient } from "./client.ts";

export type XenditSettings = { baseUrl: string; secretKey: string; callbackToken: string };

// Process-wide, like the database: server modules are loaded twice (entry and route bundle), and
// the entry starts the sandbox that the routes' client must talk to.
const slot = Symbol.for("shop.xendit");
type Connection = { settings?: XenditSettings; client?: XenditClient; sandboxToken?: string };
function connection(): Connection {
  const g = globalThis as { [slot]?: Connection };
  g[slot] ??= {};
  return g[slot];
}

/** Points the shop at a Xendit: the sandbox does at start; tests point it at their simulator. */
export function connectXendit(settings: XenditSettings): void {
  Object.assign(connection(), { settings, client: xenditClient(settings) });
}

function current(): Required<Pick<Connection, "settings" | "client">> {
  const c = connection();
  if (!c.settings) {
    if (paymentsSandbox()) throw new Error("The Xendit sandbox has not been started (startXenditSandbox)");
    const env = config();
    connectXendit({
      baseUrl: env.XENDIT_API_URL.replace(/\/$/, ""),
      secretKey: env.XENDIT_SECRET_KEY!,
      callbackToken: env.XENDIT_CALLBACK_TOKEN!,
    });
  }
  return c as Required<Pick<Connection, "settings" | "client">>;
}

export function xendit(): XenditClient {
  return current().client;
}

/** The sandbox's own callback token when none is configured: fresh per process, never printed. */
export function sandboxCallbackToken(): string {
  const c = connection();
  return config().XENDIT_CALLBACK_TOKEN ?? (c.sandboxToken ??= randomBytes(24).toString("hex"));
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Compares a webhook's x-callback-token with ours in constant time (hashes make the lengths equal). */
export function isCallbackToken(received: string | null | undefined): boolean {
  if (!received) return false;
  return timingSafeEqual(digest(received), digest(current().settings.callbackToken));
}
