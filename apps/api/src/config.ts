import { shop } from "@workshop/domain/shop.ts";
import { normalizeStaffEmail } from "@workshop/domain/validation/staff.ts";
import { trustsEveryone, trustsEveryoneRefusal } from "@workshop/http/server-options.ts";
import { z } from "zod";
import { passwordProblem, passwordProblemText } from "./staff/password-policy.ts";

/** A rate limit as `points/seconds`: at most `points` requests per client in `seconds`. */
const rateLimit = (fallback: string) =>
  z
    .string()
    .regex(/^\d{1,9}\/\d{1,7}$/, "must be requests/seconds, e.g. 10/600")
    .default(fallback)
    .transform((text) => {
      const [points, seconds] = text.split("/").map(Number) as [number, number];
      return { points, seconds };
    })
    .refine((l) => l.points >= 1 && l.seconds >= 1, "must be at least 1/1");

/**
 * The local engine's threads unless AI_LOCAL_THREADS says otherwise: both cores of the small
 * machine the shop is made for. Its process runs at the lowest priority, so a page request still
 * takes a core the moment it needs one (npm run bench measures the product page while a job runs).
 */
export const DEFAULT_LOCAL_THREADS = 2;

/** Every environment variable the shop reads, parsed and checked once at start. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** The storefront's port: the shop's public address (PUBLIC_URL) defaults to it. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The API's own port, and its public address (the console calls it there). */
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  API_URL: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (value !== undefined && originOf(value) === null)
        ctx.addIssue({ code: "custom", message: "must be an http(s) origin without a path, e.g. https://api.example.com" });
    }),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.url().optional(),
  /** The port of the staff console (a separate app), for ADMIN_URL's default. */
  ADMIN_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /**
   * Where the staff console is served: an http(s) origin, no path. Its pages may call the staff API
   * with the session cookie (CORS) and write through it (CSRF: staff/guard.ts).
   */
  ADMIN_URL: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (value !== undefined && originOf(value) === null)
        ctx.addIssue({ code: "custom", message: "must be an http(s) origin without a path, e.g. https://admin.example.com" });
    }),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  /** Xendit secret API key; without it payments run against the built-in sandbox. */
  XENDIT_SECRET_KEY: z.string().min(1).optional(),
  /** The webhook verification token from Xendit's dashboard: webhooks must carry it in x-callback-token. */
  XENDIT_CALLBACK_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** Xendit's API; the sandbox (no key) always uses the simulator built into this server. */
  XENDIT_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.xendit.co"),
  /**
   * Key of the shop's signatures (the return links from Xendit's pages). Without it one is made
   * and kept in DATA_DIR/session-secret; a live shop in production must set it.
   */
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Bearer token for the staff order endpoints (GET /api/orders, PATCH ...update-payment-status). */
  ADMIN_API_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** The owner account made or reset at every start (with ADMIN_PASSWORD); see src/staff/first-owner.ts. */
  ADMIN_EMAIL: z
    .string()
    .refine((text) => normalizeStaffEmail(text) !== null, "must be an e-mail address")
    .transform((text) => normalizeStaffEmail(text)!)
    .optional(),
  /** That owner's password: it must pass the staff password policy (12+ characters, not a common one). */
  ADMIN_PASSWORD: z.string().optional(),
  /** How long a public page may be served from the shared page cache; 0 turns it off. */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  INSTAGRAM_ACCESS_TOKEN: z.string().min(1).optional(),
  INSTAGRAM_API_URL: z.url().default("https://graph.instagram.com"),
  /** smtp://user:pass@host:587 or smtps://…:465; without it e-mail is kept in the outbox and DATA_DIR/mail. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, hostname: /./, error: "must be an smtp:// or smtps:// URL" }).optional(),
  /** Sender of every e-mail: an address, or `Name <address>`. */
  MAIL_FROM: z.string().min(3).default(`${shop.name} <${shop.email}>`),
  /** Where the shop's own copy of each new order and each contact message goes. */
  SHOP_MAIL_TO: z.email().default(shop.email),
  /** Where the USD to IDR rate is read: any keyless endpoint answering `{ rates: { IDR } }` for base USD. */
  FX_RATE_URL: z.url({ protocol: /^https?$/ }).default("https://open.er-api.com/v6/latest/USD"),
  /**
   * The USD to IDR rate used when the rate source fails. Any text is accepted here: a value that is
   * not a plausible rate means 15000 (SPEC 9), checked in src/pricing/fx-rate.ts, never a failed start.
   */
  FX_DEFAULT_USD_IDR: z.string().default("16777.30"),
  /**
   * Fastify's `trustProxy`: which hops may name the client in X-Forwarded-For (`loopback`, a hop
   * count, addresses or subnets, `false`). The storefront calls the API for its customers and names
   * each in that header, so the storefront's address must be trusted, or every customer shares its
   * limits. By default `loopback`: the storefront on this machine; a request from anywhere else is
   * counted by the connection's address, which it cannot forge.
   */
  TRUST_PROXY: z
    .string()
    .default("loopback")
    .refine((value) => !trustsEveryone(value), trustsEveryoneRefusal),
  /** A request's headers must be whole within this long (Node answers 408 and closes). */
  REQUEST_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  /** A request's body may pause no longer than this between two of its bytes before its connection is closed. */
  REQUEST_BODY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  /** How much the server logs, one JSON line per request at `info` (pino's levels; `silent` for none). */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * `1` (npm run bench): every answer says how long the API took to make it, `Server-Timing:
   * app;dur=<ms>`, from the request's arrival at Fastify to its answer being ready, so a caller can
   * tell its wait apart from the API's own work. Off by default: a visitor has no use for it.
   */
  BENCH_TIMING: z.enum(["0", "1"]).default("0"),
  /**
   * Other sites whose pages may call the API with the visitor's cookies (CORS), comma-separated
   * origins such as https://admin.example.com; the shop's own address always may.
   */
  CORS_ORIGINS: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const origins: string[] = [];
      for (const item of value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)) {
        const url = URL.parse(item);
        if (!url || !/^https?:$/.test(url.protocol)) ctx.addIssue({ code: "custom", message: `${item} is not an http(s) origin` });
        else origins.push(url.origin);
      }
      return origins;
    }),
  /** Orders placed per client (POST /api/orders, the checkout's payment step). */
  RATE_LIMIT_ORDERS: rateLimit("10/600"),
  /** Payment requests started per client (POST /api/xendit/payment-request, paying an order again). */
  RATE_LIMIT_PAYMENTS: rateLimit("20/600"),
  /** Contact messages per client. */
  RATE_LIMIT_CONTACT: rateLimit("5/600"),
  /** Custom hat requests per client (the /custom page and POST /api/custom-orders). */
  RATE_LIMIT_CUSTOM_ORDERS: rateLimit("5/600"),
  /** Every other public write per client (checkout steps, Order Now, language switch, …). */
  RATE_LIMIT_WRITES: rateLimit("120/60"),
  /** Product photo uploads per client (POST /api/uploads, staff only, up to 5 photos each). */
  RATE_LIMIT_UPLOADS: rateLimit("60/600"),
  /** Reference photo uploads per client (POST /api/custom-orders/uploads, public, up to 3 photos each). */
  RATE_LIMIT_REFERENCE_PHOTOS: rateLimit("10/600"),
  /**
   * The room, in MB, for reference photos no request has taken yet (custom-orders/reference-photos.ts):
   * past it the oldest photos of whoever holds most are dropped, so a new visitor can always upload.
   */
  REFERENCE_PHOTOS_ROOM_MB: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  /** Studio-photo jobs started per client (POST /api/ai/enhance-product-images, staff only). */
  RATE_LIMIT_AI_JOBS: rateLimit("20/600"),
  /**
   * Photo sizes not yet made that one client may have made (GET /media/…): browsing the whole seeded
   * catalogue and its admin list in a minute asks for about 60; a crawler asking for every one waits.
   */
  RATE_LIMIT_MEDIA_SIZES: rateLimit("120/60"),
  /** Webhooks per client without the shop's callback token (one with it, Xendit's, is never limited). */
  RATE_LIMIT_WEBHOOKS: rateLimit("30/600"),
  /** Unknown tokens per client on the private links (/api/shop/orders/:token, /api/shop/quotes/:token, which their pages call). */
  RATE_LIMIT_LINK_MISSES: rateLimit("30/600"),
  /**
   * Staff requests that found no one signed in, per client and instance, counted in memory: past it
   * the client's staff requests answer 429 before any session is looked up.
   */
  RATE_LIMIT_STAFF_MISSES: rateLimit("300/60"),
  /**
   * A remote image model for the studio photos (BytePlus ModelArk Seedream's images API): its base
   * URL (e.g. https://ark.ap-southeast.bytepluses.com), key and model. All three or none; without
   * them the local engine runs (src/ai/engines.ts).
   */
  AI_IMAGE_API_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  AI_IMAGE_API_KEY: z.string().min(8, "must be at least 8 characters").optional(),
  AI_IMAGE_MODEL: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]{0,127}$/, "must be a model or endpoint id, e.g. seedream-4-0-250828")
    .optional(),
  /**
   * What this process does: `web` answers HTTP and sends jobs, `worker` runs the jobs (mail,
   * payments' checks, studio photos, sweeps) and answers only its health probes, `all` both.
   * Web and worker instances share one PostgreSQL database.
   */
  ROLE: z.enum(["web", "worker", "all"], { error: "must be web, worker or all" }).default("all"),
  /** Studio-photo jobs one instance runs at once (they fill a core each with the local engine). */
  AI_JOB_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
  /** CPU threads of the local engine's model and image work (its own process, below the shop's priority). */
  AI_LOCAL_THREADS: z.coerce.number().int().min(1).max(16).default(DEFAULT_LOCAL_THREADS),
  /** Seconds an instance keeps serving after SIGTERM, unready, so its balancer moves on first (docs/configuration.md). */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(5).default(0),
  /** Seconds the local engine's process may sit without a job before it exits and gives its memory back. */
  AI_WORKER_IDLE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
  /**
   * Product photos go to this S3-compatible bucket when set (AWS S3, Cloudflare R2, MinIO, …);
   * else to DATA_DIR/files. The keys below are required with it (docs/decisions/019).
   */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)")
    .optional(),
  /** The store's API address; unset for AWS S3 itself. Set, requests use path-style addresses. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  /** The bucket's region (`auto` for Cloudflare R2). */
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, "must be a region name, e.g. eu-central-1 or auto")
    .default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /**
   * Where browsers may read the bucket's objects directly (a CDN or the bucket's public address);
   * set, /media answers with a redirect there instead of passing the bytes through the shop.
   */
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
});

export type Config = z.infer<typeof envSchema> & { publicUrl: string; adminUrl: string; apiUrl: string };

/** An http(s) address with nothing after its host and port (a trailing slash aside), as its origin; else null. */
function originOf(text: string): string | null {
  if (!/^https?:\/\/[^/?#@\\]+\/?$/i.test(text)) return null;
  return URL.parse(text)?.origin ?? null;
}

/** Treats empty strings as unset, so `FOO=` in a shell does not count as a value. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => !!e[1]));
}

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const result = envSchema.safeParse(withoutEmpty(env));
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = result.data;
  if (c.XENDIT_SECRET_KEY && !c.XENDIT_CALLBACK_TOKEN) {
    throw new Error("Invalid configuration:\n  XENDIT_CALLBACK_TOKEN: required with XENDIT_SECRET_KEY (webhooks could not be verified)");
  }
  if (c.XENDIT_SECRET_KEY && c.NODE_ENV === "production" && !c.SESSION_SECRET) {
    throw new Error(
      "Invalid configuration:\n  SESSION_SECRET: required for a live shop in production (32+ random characters, the same on every instance)",
    );
  }
  if (!c.ADMIN_EMAIL !== !c.ADMIN_PASSWORD) {
    throw new Error(
      `Invalid configuration:\n  ${c.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"}: required with ${c.ADMIN_EMAIL ? "ADMIN_EMAIL" : "ADMIN_PASSWORD"}`,
    );
  }
  if (c.ADMIN_EMAIL && c.ADMIN_PASSWORD) {
    const problem = passwordProblem(c.ADMIN_PASSWORD, c.ADMIN_EMAIL);
    if (problem) throw new Error(`Invalid configuration:\n  ADMIN_PASSWORD: ${passwordProblemText[problem]}`);
  }
  const aiNames = ["AI_IMAGE_API_URL", "AI_IMAGE_API_KEY", "AI_IMAGE_MODEL"] as const;
  const aiSet = aiNames.filter((name) => c[name]);
  if (aiSet.length > 0 && aiSet.length < aiNames.length) {
    const missing = aiNames.filter((name) => !c[name]);
    throw new Error(
      `Invalid configuration:\n  ${missing.join(", ")}: required with ${aiSet.join(", ")} (the remote image model needs all three)`,
    );
  }
  if (c.ROLE !== "all" && !c.DATABASE_URL) {
    throw new Error(
      `Invalid configuration:\n  ROLE: ${c.ROLE} needs DATABASE_URL (PostgreSQL): its ${c.ROLE === "web" ? "workers" : "web instances"} must share its database, and the embedded one opens in one process only`,
    );
  }
  const s3Problem = s3ConfigProblem(c);
  if (s3Problem) throw new Error(`Invalid configuration:\n  ${s3Problem}`);
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, "");
  if (c.XENDIT_SECRET_KEY) {
    // Xendit sends customers back only to https URLs of at most 255 characters; the sandbox takes http.
    if (!publicUrl.startsWith("https://")) {
      throw new Error(
        `Invalid configuration:\n  PUBLIC_URL: must be an https:// URL with XENDIT_SECRET_KEY set (Xendit returns customers only to https pages); got ${c.PUBLIC_URL ? publicUrl : "none"}`,
      );
    }
    if (publicUrl.length > MAX_LIVE_PUBLIC_URL) {
      throw new Error(
        `Invalid configuration:\n  PUBLIC_URL: at most ${MAX_LIVE_PUBLIC_URL} characters with XENDIT_SECRET_KEY set (Xendit's return URLs hold 255 with the return path)`,
      );
    }
  }
  // As a browser spells an origin (lower-case host, no default port): it is compared with Origin headers.
  const adminUrl = originOf(c.ADMIN_URL ?? `http://localhost:${c.ADMIN_PORT}`)!;
  const apiUrl = originOf(c.API_URL ?? `http://localhost:${c.API_PORT}`)!;
  return { ...c, publicUrl, adminUrl, apiUrl };
}

/** The S3 settings come together: a bucket with both keys, and no S3 setting without a bucket. */
function s3ConfigProblem(c: z.infer<typeof envSchema>): string | null {
  const others = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"] as const).filter((name) => c[name]);
  if (!c.S3_BUCKET) return others.length ? `S3_BUCKET: required with ${others.join(", ")}` : null;
  for (const name of ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) if (!c[name]) return `${name}: required with S3_BUCKET`;
  return null;
}

/** The return path and its query (order id, attempt, signature) take about 130 of Xendit's 255. */
const MAX_LIVE_PUBLIC_URL = 120;

let current: Config | undefined;

/** The configuration of this process (from process.env, parsed on first use). */
export function config(): Config {
  current ??= parseConfig(process.env);
  return current;
}

/** Without a Xendit key the shop runs its payments in sandbox mode (test card, /test-checkout, the demo banner). */
export function paymentsSandbox(): boolean {
  return !config().XENDIT_SECRET_KEY;
}
