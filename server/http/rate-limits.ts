import { isIPv4, isIPv6 } from "node:net";
import type { RequestHandler } from "express";
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { config } from "../config.ts";
import { getDb } from "../db/client.ts";
import { rateLimits } from "../db/schema.ts";
import { isApiPath } from "./request-body.ts";

/**
 * Rate limits on public writes, per client, counted in the database (table rate_limits) so that
 * every instance shares them (rate-limiter-flexible's Drizzle store, on PGlite and PostgreSQL
 * alike). A refused JSON request gets 429 `{error}`; a refused page gets 429 and the friendly page
 * (app/root.tsx), both with Retry-After. Limits and their defaults: server/config.ts and README.
 */
export type LimitName = "orders" | "payments" | "contact" | "writes";

/** The limit a request counts against; null for reads and for writes that prove who sends them. */
export function limitOf(method: string, path: string): LimitName | null {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return null;
  // React Router's data requests (/contact.data, /_root.data) and Russian pages count as the page.
  const page = path.replace(/(\/_root)?\.data$/, "").replace(/^\/ru(?=\/|$)/, "").replace(/\/$/, "") || "/";
  // Xendit's webhooks carry the callback token; the staff endpoint needs the staff token.
  if (page === "/api/xendit/webhook" || page === "/api/orders/update-payment-status") return null;
  if (page === "/api/orders" || page === "/checkout/payment") return "orders";
  if (page === "/api/xendit/payment-request" || /^\/orders\/[^/]+$/.test(page)) return "payments";
  if (page === "/contact") return "contact";
  return "writes";
}

/**
 * Who is counted: the client's address (Express's req.ip, which follows TRUST_PROXY). An IPv6
 * client counts by its /64 network, since one household or server holds a whole /64.
 */
export function clientKey(ip: string | undefined): string {
  const address = (ip ?? "").replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return "unknown";
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.toLowerCase().replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

let limiters: Promise<Record<LimitName, RateLimiterDrizzle>> | undefined;

function limiter(name: LimitName): Promise<RateLimiterDrizzle> {
  limiters ??= getDb().then((db) => {
    const c = config();
    const make = (keyPrefix: LimitName, { points, seconds }: { points: number; seconds: number }) =>
      new RateLimiterDrizzle({
        storeClient: db,
        schema: rateLimits,
        keyPrefix,
        points,
        duration: seconds,
        // While the database cannot answer, each instance counts on its own rather than letting everything through.
        insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration: seconds }),
      });
    return {
      orders: make("orders", c.RATE_LIMIT_ORDERS),
      payments: make("payments", c.RATE_LIMIT_PAYMENTS),
      contact: make("contact", c.RATE_LIMIT_CONTACT),
      writes: make("writes", c.RATE_LIMIT_WRITES),
    };
  });
  return limiters.then((all) => all[name]);
}

/** Counts the request; over the limit, answers 429 (JSON API) or marks it for the 429 page. */
export const rateLimit: RequestHandler = async (req, res, next) => {
  const name = limitOf(req.method, req.path);
  if (!name) return next();
  try {
    await (await limiter(name)).consume(clientKey(req.ip));
    return next();
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) return next(rejection);
    const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    res.setHeader("Retry-After", String(seconds));
    if (isApiPath(req.path)) {
      res.status(429).json({ error: `Too many requests. Please try again in ${seconds} seconds.` });
      return;
    }
    res.locals.retryAfter = seconds;
    return next();
  }
};
