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
 *   (400); a body that is not JSON is its route's 400 (jsonBody: "The body must be JSON"), after
 *   the staff scopes' guard (staff/scope-guards.ts) and the route's own checks;
 * - the photo uploads (multipart) are read by their routes as they stream in (media/upload-form.ts);
 * - zod schemas (fastify-type-provider-zod) check params and queries; a route's `schema.body` only
 *   documents its body (the OpenAPI document), checked before the handler when the route says how
 *   to refuse it (checkedBodyOf) or else by the route itself (the SPEC's bodies, the storefront's
 *   forms), as a staff list checks its query (checkedByRoute);
 * - any other /api/ path is a JSON 404;
 * - an error is answered in one place: an AppError with its status and `{error, details?}`, a
 *   schema's refusal as a 400 naming the field, Fastify's refusals with theirs, anything else an
 *   opaque 500.
 */
export function jsonApi(scopes: FastifyPluginAsync[]): FastifyPluginAsync {
  return async (api) => {
    // A body is checked by its route's schema (checkedBodyOf) or by the route itself, after a staff
    // scope's guard (preValidation): a stranger gets the 401, not a 400 that tells the body's shape.
    api.setValidatorCompiler<z.ZodType>((route) => {
      const checked = route.httpPart === "body" ? checkedBodies.get(route.schema) : undefined;
      if (checked) return (body: unknown) => checkBody(route.schema, body, checked);
      return route.httpPart === "body" || checkedInRoute.has(route.schema) ? leaveToRoute : validatorCompiler(route);
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
        // Answered after the staff guard: by the route (jsonBody, bodyOrNull), or checked as {} (checkedBodyOf).
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

/** The parsed JSON body of a route that needs one: no body, or one that is not JSON, is a 400 "The body must be JSON". */
export function jsonBody(request: FastifyRequest): unknown {
  if (request.body === undefined || request.body === malformed) throw new AppError("invalid", "The body must be JSON");
  return request.body;
}

/** The parsed JSON body, or null when there is none or it is not JSON (the route says what it wanted). */
export const bodyOrNull = (request: FastifyRequest): unknown =>
  request.body === undefined || request.body === malformed ? null : request.body;

/** The body schemas checked before their route's handler (checkedBodyOf), with the route's 400 message and the values of missing fields. */
const checkedBodies = new WeakMap<object, { error: string; missing: object }>();

/**
 * `schema` as a route's body, checked before its handler through the zod type provider (the
 * handler reads `request.body`, typed and parsed), after a staff scope's guard and the route's own
 * preValidation (an unknown record's 404). No body, or one that is not a JSON object, is checked as
 * `{}`; a field it lacks takes its value from `missing` (e.g. "", so a missing field gets the
 * schema's own message for an empty one); a wrong field is a 400 `{error, details: {field: message}}`
 * naming each, with the route's `error`.
 */
export function checkedBodyOf<T extends z.ZodType>(schema: T, error: string, missing: object = {}): T {
  const copy = schema.clone();
  checkedBodies.set(copy, { error, missing });
  return copy;
}

function checkBody(schema: z.ZodType, body: unknown, { error, missing }: { error: string; missing: object }) {
  const given = typeof body === "object" && body !== null && !Array.isArray(body) ? body : {};
  const parsed = schema.safeParse({ ...missing, ...given });
  return parsed.success ? { value: parsed.data } : { error: new AppError("invalid", error, fieldMessages(parsed.error)) };
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
