import { pathLocale } from "@workshop/domain/locale.ts";
import { CATALOG_VERSION_HEADER } from "@workshop/domain/shop-api/shop.ts";
import { errorAnswer } from "@workshop/domain/staff-api.ts";
import { clientIpOf } from "@workshop/http/client-ip.ts";
import { loggedPath } from "@workshop/http/logged-path.ts";
import { data } from "react-router";
import { type Dispatcher, request as send } from "undici";
import type { z } from "zod";
import { storefrontConfig } from "#app/config.server.ts";
import { catalogVersion, otherApiRelease } from "#app/web/catalog-version.ts";

/**
 * The storefront's one way to the shop's data: the API over HTTP. Each call carries what the API
 * needs to judge the customer as if they had called it themselves: their cookies (the checkout
 * session), their language preference and their address (X-Forwarded-For, which the API trusts only
 * from a configured proxy, TRUST_PROXY). The answer is checked against the domain's schema, so a
 * storefront and an API that disagree fail loudly.
 */

/** A 4xx of the API: what it refused and why (field messages in `details`). */
export class ApiRefusal extends Error {
  readonly status: number;
  readonly details: unknown;
  constructor(status: number, message: string, details: unknown) {
    super(message);
    this.status = status;
    this.details = details;
  }
}

type Call<T> = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  answer: z.ZodType<T>;
};

/** An answer with the cookies the API set for the customer, which the page must pass on (`relayHeaders`). */
export type Answered<T> = { data: T; cookies: string[] };

/** The headers of the customer's request that the API reads. */
const forwarded = ["cookie", "accept-language", "user-agent"] as const;

/**
 * One call to the API on behalf of the customer whose `request` the page is answering. A 4xx is an
 * ApiRefusal (a 404 becomes the page's 404, a 429 the page's "too many requests" with its wait);
 * an API that cannot be reached, hangs, or fails (5xx) is the page's 503.
 */
export async function apiCall<T>(request: Request, path: string, { method = "GET", body, answer }: Call<T>): Promise<Answered<T>> {
  refuseOtherApi(request);
  // Uncompressed: between two servers an answer of a few kilobytes is sent faster than it is
  // gzipped, and both ends would pay the CPU.
  const headers: Record<string, string> = { accept: "application/json", "accept-encoding": "identity" };
  for (const name of forwarded) {
    const value = request.headers.get(name);
    if (value) headers[name] = value;
  }
  const client = clientIpOf(request);
  if (client) headers["x-forwarded-for"] = client;
  // Whichever API instance answers first acts on the catalogue's version this page is kept under.
  const version = catalogVersion();
  if (version !== null) headers[CATALOG_VERSION_HEADER] = String(version);
  if (body !== undefined) headers["content-type"] = "application/json";
  const started = performance.now();
  let response: Dispatcher.ResponseData;
  let json: unknown;
  // undici's own request rather than fetch, which wraps it: a third less of this process's CPU per call.
  try {
    response = await send(`${storefrontConfig().apiUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(storefrontConfig().API_TIMEOUT_MS),
    });
    json = await response.body.json().catch(() => undefined);
  } catch (error) {
    console.error(`API ${method} ${loggedPath(path)}: ${error instanceof Error ? error.message : error}`);
    throw unavailable(request);
  }
  const status = response.statusCode;
  const cookies = headerValues(response.headers["set-cookie"]);
  if (status === 429)
    throw data(languageOf(request), { status: 429, headers: { "Retry-After": headerValues(response.headers["retry-after"])[0] ?? "60" } });
  if (status >= 500 || json === undefined) {
    console.error(`API ${method} ${loggedPath(path)}: ${status}`);
    throw unavailable(request);
  }
  if (status >= 300) {
    const refusal = errorAnswer.safeParse(json);
    throw new ApiRefusal(status, refusal.success ? refusal.data.error : `HTTP ${status}`, refusal.data?.details);
  }
  const parsed = answer.safeParse(json);
  if (!parsed.success) {
    console.error(`API ${method} ${loggedPath(path)}: the answer does not match its schema`, parsed.error.issues.slice(0, 3));
    throw unavailable(request);
  }
  if (storefrontConfig().BENCH_TIMING === "1") logCallTime(method, path, started, response);
  return { data: parsed.data, cookies };
}

/**
 * BENCH_TIMING=1: one line per answered call, for `npm run bench`: when it was sent (`t`, ms since
 * this process started), how long the page waited for it (`ms`, from sending it to its answer read
 * and checked) and how long the API says it worked on it (`apiMs`, its Server-Timing `app;dur`).
 * The rest is the hop itself: both ends' HTTP work, the JSON read and checked here, and any wait
 * for this process's event loop.
 */
function logCallTime(method: string, path: string, started: number, response: Dispatcher.ResponseData) {
  const timing = headerValues(response.headers["server-timing"]).join(",");
  const apiMs = Number(/(?:^|,)\s*app;dur=([\d.]+)/.exec(timing)?.[1] ?? Number.NaN);
  const ms = performance.now() - started;
  console.log(JSON.stringify({ apiCall: `${method} ${loggedPath(path)}`, t: round(started), ms: round(ms), apiMs: round(apiMs) }));
}

/** A header of an answer as a list: undici gives one value as a string and a repeated one as an array. */
const headerValues = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

const round = (ms: number) => Math.round(ms * 100) / 100;

/** apiCall for a read whose cookies do not matter: the data alone. */
export async function apiGet<T>(request: Request, path: string, answer: z.ZodType<T>): Promise<T> {
  return (await apiCall(request, path, { answer })).data;
}

/** A loader's read that answers the page's 404 when the API has no such thing. */
export async function apiGetOr404<T>(request: Request, path: string, answer: z.ZodType<T>): Promise<T> {
  try {
    return await apiGet(request, path, answer);
  } catch (error) {
    if (error instanceof ApiRefusal && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/** The Set-Cookie headers of the API's answers, for the page's own answer. */
export function relayHeaders(...answers: { cookies: string[] }[]): Headers {
  const headers = new Headers();
  for (const answer of answers) for (const cookie of answer.cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The page's language, carried with an error thrown before the root loader's data exists (i18n/core.ts useLocale). */
const languageOf = (request: Request) => ({ locale: pathLocale(new URL(request.url).pathname) });

/**
 * While the API is a release of another major than this storefront is written for (one replaced
 * it meanwhile, see spoken-api.ts), no call goes to it and every page is the 503 page: what it
 * would call may have gone or changed.
 */
export function refuseOtherApi(request: Request): void {
  if (otherApiRelease()) throw unavailable(request);
}

/** The shop cannot reach its API: the designed 503 page (root ErrorBoundary), to be tried again shortly. */
const unavailable = (request: Request) => data(languageOf(request), { status: 503, headers: { "Retry-After": "5" } });
