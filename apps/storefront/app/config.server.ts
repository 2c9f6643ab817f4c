import { trustsEveryone, trustsEveryoneRefusal } from "@workshop/http/server-options.ts";
import { z } from "zod";

/** What the storefront reads from its environment, checked once when it starts. */
const envSchema = z.object({
  /** The storefront's port; the shop's public address defaults to it. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** The shop's public address (links in pages, sitemaps, the canonical URLs). */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Where the API answers (the storefront calls it server to server); by default the API on this machine, on API_PORT. */
  API_URL: z.url({ protocol: /^https?$/ }).optional(),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /**
   * How many of one client's requests the storefront forwards to the API at once (each pool has 64
   * connections); its others wait their turn, so no client holds the connections everyone needs.
   */
  FORWARD_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(1).max(64).default(8),
  /** A call to the API gives up after this long: the customer gets the 503 page, never a hung one. */
  API_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** The staff console's origin: the shop's old /admin addresses are sent there. */
  ADMIN_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  ADMIN_URL: z
    .string()
    .optional()
    .refine(
      (value) => value === undefined || originOf(value) !== null,
      "must be an http(s) origin without a path, e.g. https://admin.example.com",
    ),
  /** The proxies in front of the storefront whose X-Forwarded-For is believed: false, true, addresses or subnets, or a hop count. */
  TRUST_PROXY: z
    .string()
    .default("false")
    .refine((value) => !trustsEveryone(value), trustsEveryoneRefusal),
  /** A request's headers must be whole within this long (Node answers 408 and closes). */
  REQUEST_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  /** A request's body may pause no longer than this between two of its bytes before its connection is closed. */
  REQUEST_BODY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** How long a public page may be served from the page cache (0: never kept). */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  /**
   * `1` (npm run bench): each call to the API prints a line with how long the page waited for it
   * and how long the API said it worked on it (its Server-Timing, with its own BENCH_TIMING=1).
   */
  BENCH_TIMING: z.enum(["0", "1"]).default("0"),
  /** Seconds the storefront keeps serving after SIGTERM, unready, so its balancer moves on first (docs/configuration.md). */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(5).default(0),
});

export type StorefrontConfig = z.infer<typeof envSchema> & { publicUrl: string; apiUrl: string; adminUrl: string };

let cached: StorefrontConfig | undefined;

export function storefrontConfig(): StorefrontConfig {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  cached = {
    ...c,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
    apiUrl: (c.API_URL ?? `http://localhost:${c.API_PORT}`).replace(/\/$/, ""),
    adminUrl: originOf(c.ADMIN_URL ?? `http://localhost:${c.ADMIN_PORT}`)!,
  };
  return cached;
}

/** An http(s) origin as a browser spells it (lower-case host, no default port), or null for anything with a path. */
function originOf(text: string): string | null {
  if (!/^https?:\/\/[^/?#@\\]+\/?$/i.test(text)) return null;
  return URL.parse(text)?.origin ?? null;
}
