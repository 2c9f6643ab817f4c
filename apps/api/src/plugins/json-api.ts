import { answerError, refuse } from "@workshop/http/refusals.ts";
import { BODY_LIMIT, hasBrokenText, streamsBody } from "@workshop/http/request-body.ts";
import { settleUnreadBody } from "@workshop/http/unread-body.ts";
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";
import { AppError } from "#server/errors.ts";

/**
 * The scope of the JSON API's Fastify routes, one scope per caller inside it (`scopes`: spec-api.ts,
 * shop-api.ts, admin-api.ts, each registering its areas' `spec-`, `shop-` or `admin-routes.ts`):
 * - bodies are JSON only (415 otherwise, so a cross-site page cannot reach a route with a simple
 *   form or text request), at most BODY_LIMIT (413), with no NUL or unpaired surrogate in any text
 *   (400); a body that is not JSON is its route's 400 ("The body must be JSON") or read as none,
 *   after the staff scopes' guard (staff/scope-guards.ts) and the route's own checks;
 * - the photo uploads (multipart) are read by their routes as they stream in (media/upload-form.ts);
 * - zod schemas (fastify-type-provider-zod) check params and queries, and a route's body as the
 *   route says to read and refuse it (checkedBodyOf), before the handler; a schema declared
 *   otherwise only documents its part (the OpenAPI document), which the route checks itself, as a
 *   staff list its query (checkedByRoute);
 * - any other /api/ path is a JSON 404;
 * - an error is answered in one place: an AppError with its status and `{error, details?}`, a
 *   schema's refusal as a 400 naming the field, Fastify's refusals with theirs, anything else an
 *   opaque 500.
 */
export function jsonApi(scopes: FastifyPluginAsync[]): FastifyPluginAsync {
  return async (api) => {
    // A body is checked by its route's schema (checkedBodyOf), after a staff scope's guard
    // (preValidation): a stranger gets the 401, not a 400 that tells the body's shape.
    api.setValidatorCompiler<z.ZodType>((route) => {
      const check = route.httpPart === "body" ? bodyChecks.get(route.schema) : undefined;
      if (check) return (body: unknown) => checkBody(route.schema, body, check);
      return route.httpPart === "body" || checkedInRoute.has(route.schema) ? leaveToRoute : validatorCompiler(route);
    });
    // Fastify hands a body's check null for a request without one: marked, so that a route that
    // needs a JSON body tells none from a JSON null.
    api.addHook("preValidation", async (request) => {
      const checked = request.routeOptions.schema?.body;
      if (request.body === undefined && isObject(checked) && bodyChecks.has(checked)) request.body = noBody;
    });
    api.setSerializerCompiler(serializerCompiler);
    api.removeAllContentTypeParsers();
    api.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: BODY_LIMIT }, (_request, body, done) => {
      const text = (body as Buffer).toString("utf8");
      if (text.length === 0) return done(null, undefined);
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        // Answered after the staff guard, by the route's check (checkedBodyOf) or the route (jsonBody).
        return done(null, malformed);
      }
      if (hasBrokenText(value))
        return done(new AppError("invalid", "Text in the body must not contain NUL characters or unpaired surrogates"));
      done(null, value);
    });
    // Uploads stream: their route reads the multipart body itself, under its own limits.
    api.addContentTypeParser("multipart/form-data", (request, _payload, done) => {
      if (streamsBody(request.method, request.originalUrl)) return done(null);
      done(jsonOnly());
    });
    api.setErrorHandler(answerApiError);
    // A 405 tells anyone what a path takes: its route is anyone's, in a staff scope too (staff/scope-guards.ts).
    api.addHook("onRoute", (route) => {
      if (toAnyone.has(route.handler)) route.config = { ...route.config, role: "anyone" };
    });
    for (const scope of scopes) await api.register(scope);
    // Any other /api/ path: a JSON 404, not the shop's page (OPTIONS stays CORS's).
    api.route({ method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"], url: "/api", handler: refusal(notFound) });
    api.route({ method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"], url: "/api/*", handler: refusal(notFound) });
  };
}

const leaveToRoute = (value: unknown) => ({ value });

/** The schemas of request parts that their route checks itself (checkedByRoute). */
const checkedInRoute = new WeakSet<object>();

/**
 * A copy of `schema` for a part of the request that the route checks itself, after who asks (a
 * staff list's query): the OpenAPI document shows it, and no 400 comes before the guard's 401.
 */
export function checkedByRoute<T extends z.ZodType>(schema: T): T {
  const copy = schema.clone();
  checkedInRoute.add(copy);
  return copy;
}

async function notFound(): Promise<never> {
  throw new AppError("not_found", "Not found");
}

const jsonOnly = () => Object.assign(new Error("Send the body as JSON (Content-Type: application/json)"), { statusCode: 415 });

function answerApiError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    settleUnreadBody(request, reply, { close: error.status === 413 });
    const retryAfter = (error.details as { retryAfter?: unknown } | undefined)?.retryAfter;
    if (error.status === 429 && typeof retryAfter === "number") reply.header("Retry-After", String(retryAfter));
    return reply
      .code(error.status)
      .send(error.details === undefined ? { error: error.message } : { error: error.message, details: error.details });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => ({
      path: issue.instancePath.replace(/^\//, "").replaceAll("/", "."),
      message: issue.message,
    }));
    return reply.code(400).send({ error: details[0] ? `${details[0].path}: ${details[0].message}` : "Invalid request", details });
  }
  // Fastify's own refusals in the API's words: no parser for the type (415), a body over the limit (413).
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return refuse(request, reply, { status: 415, error: jsonOnly().message });
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE")
    return refuse(request, reply, { status: 413, error: `The request body is larger than ${BODY_LIMIT / 1024} kB` });
  // Any other refusal with its status and message; anything unexpected an opaque 500.
  return answerError(error, request, reply);
}

/** The body of a request whose JSON did not parse, until its route reads it. */
const malformed: unique symbol = Symbol("malformed JSON");
/** The body of a request without one, on a route whose body is checked (its check tells it from a JSON null). */
const noBody: unique symbol = Symbol("no body");

/** The parsed JSON body of a route that needs one: no body, or one that is not JSON, is a 400 "The body must be JSON". */
export function jsonBody(request: FastifyRequest): unknown {
  if (request.body === undefined || request.body === malformed) throw notJson();
  return request.body;
}

const notJson = () => new AppError("invalid", "The body must be JSON");

/** How a route's body is read and refused (checkedBodyOf). */
export type BodyCheck = {
  /**
   * The 400 of a body its schema refuses: its `error`, with each wrong field's first message in
   * `details`; or made from zod's issues and the body as read (a domain parser's own words, a
   * form's language).
   */
  refusal: string | ((error: z.ZodError, body: unknown) => AppError);
  /**
   * What the schema reads: the body's fields (the default; a body that is no JSON object has
   * none), each one it lacks taking its value from `missing`; or the JSON value as sent.
   */
  read?: "fields" | "as sent";
  missing?: object;
  /**
   * A body that is not JSON: read as none (null), the default; or a 400 "The body must be JSON",
   * with no body at all too (`required`) or only when there is one (`if any`: none is read as null).
   */
  json?: "required" | "if any";
  /** What the OpenAPI document shows as this body, when not the schema itself: another schema, or none (null). */
  documented?: z.ZodType | null;
};

/** The body schemas checked before their route's handler (checkedBodyOf), with how each is read and refused. */
const bodyChecks = new WeakMap<object, BodyCheck>();

/**
 * `schema` as a route's body, checked before its handler through the zod type provider (the
 * handler reads `request.body`, typed and parsed), after a staff scope's guard and the route's own
 * preValidation (an unknown record's 404). By default no body, or one that is not a JSON object, is
 * checked as `{}`; a field it lacks takes its value from `missing` (e.g. "", so a missing field gets
 * the schema's own message for an empty one); a wrong field is a 400 `{error, details: {field:
 * message}}` naming each, with the route's `error`. A `BodyCheck` says otherwise (SPEC 7's bodies
 * as sent, in their parsers' words; the storefront's forms in their language).
 */
export function checkedBodyOf<T extends z.ZodType>(schema: T, error: string, missing?: object): T;
export function checkedBodyOf<T extends z.ZodType>(schema: T, check: BodyCheck): T;
export function checkedBodyOf<T extends z.ZodType>(schema: T, check: string | BodyCheck, missing: object = {}): T {
  const copy = schema.clone();
  bodyChecks.set(copy, typeof check === "string" ? { refusal: check, missing } : check);
  return copy;
}

function checkBody(schema: z.ZodType, body: unknown, check: BodyCheck) {
  const { refusal, read = "fields", missing = {}, json } = check;
  // No body is refused where JSON is required; a body that is not JSON wherever JSON is asked for.
  if ((body === noBody && json === "required") || (body === malformed && json !== undefined)) return { error: notJson() };
  const sent = body === noBody || body === malformed ? null : body;
  const value = read === "as sent" ? sent : { ...missing, ...(isObject(sent) ? sent : {}) };
  const parsed = schema.safeParse(value);
  if (parsed.success) return { value: parsed.data };
  return {
    error: typeof refusal === "string" ? new AppError("invalid", refusal, fieldMessages(parsed.error)) : refusal(parsed.error, value),
  };
}

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null && !Array.isArray(value);

/** The body schema the OpenAPI document shows for a route's `schema.body`: itself, the one its check names, or none (undefined). */
export function documentedBody(body: unknown): unknown {
  const shown = isObject(body) ? bodyChecks.get(body)?.documented : undefined;
  return shown === undefined ? body : (shown ?? undefined);
}

/** The first message of each wrong field (top-level name), for `details`. */
function fieldMessages(error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    messages[field] ??= issue.message;
  }
  return messages;
}

/** The handlers that only refuse (a method a path does not take, an unknown path): no operation of the API. */
const refusals = new WeakSet<object>();

/** `handler`, known as a refusal: the OpenAPI document leaves its routes out (contract/openapi.ts). */
export function refusal<T extends object>(handler: T): T {
  refusals.add(handler);
  return handler;
}

export const isRefusal = (handler: unknown): boolean => typeof handler === "function" && refusals.has(handler);

/**
 * The methods an endpoint does not take but refuses with a 400 `{error: message}`, as the shop's
 * first JSON endpoints did: in a staff scope, after its guard.
 */
export function wrongMethod(message: string) {
  return refusal(async () => {
    throw new AppError("invalid", message);
  });
}

/** The 405s, which tell anyone what a path takes: their routes are anyone's (`role: "anyone"`). */
const toAnyone = new WeakSet<object>();

/** A method the path does not take: 405 with Allow, as every endpoint of the API answers it, to anyone. */
export function methodNotAllowed(allow: string, message = `Use ${allow}`) {
  const handler = refusal(async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.code(405).header("Allow", allow).send({ error: message }),
  );
  toAnyone.add(handler);
  return handler;
}
