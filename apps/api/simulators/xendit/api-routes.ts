import { timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { Engine } from "./engine.ts";
import { invalid, noSuchPath, XenditError } from "./errors.ts";
import { readJsonBodies } from "./request-bodies.ts";

export const API_VERSION = "2024-11-11";

type ById = { Params: { id: string } };

/** The v3 Payment Requests API (mounted at /v3): Basic auth with the secret key, then api-version. */
export function apiRoutes(engine: Engine, secretKey: string): FastifyPluginAsync {
  return async (instance) => {
    // onRequest runs before the body is read, so a stranger's request is refused unread, as before.
    instance.addHook("onRequest", requireSecretKey(secretKey));
    instance.addHook("onRequest", async (request) => {
      const version = header(request, "api-version");
      if (version !== API_VERSION) throw invalid(`Header api-version must be ${API_VERSION}${version ? ` (got ${version})` : ""}`);
    });
    readJsonBodies(instance);
    instance.all("/*", noSuchPath("No such endpoint", instance.prefix, "/v3"));

    instance.post("/payment_requests", (request, reply) => {
      reply.code(201).send(engine.create(request.body, header(request, "idempotency-key") || undefined));
    });
    instance.get<ById>("/payment_requests/:id", (request) => engine.get(request.params.id));
    instance.post<ById>("/payment_requests/:id/cancel", (request) => engine.cancel(request.params.id));
    instance.post<ById>("/payment_requests/:id/simulate", (request) => engine.simulate(request.params.id, request.body ?? {}));
    instance.get<ById>("/payments/:id", (request) => engine.payment(request.params.id));
  };
}

/**
 * The Payment Sessions API (mounted at /sessions): Basic auth with the secret key; Xendit's
 * reference for it names no api-version header.
 */
export function sessionRoutes(engine: Engine, secretKey: string): FastifyPluginAsync {
  return async (instance) => {
    instance.addHook("onRequest", requireSecretKey(secretKey));
    readJsonBodies(instance);
    instance.all("/*", noSuchPath("No such endpoint", instance.prefix, "/sessions"));

    instance.post("/", (request, reply) => {
      reply.code(201).send(engine.createSession(request.body));
    });
    instance.get<ById>("/:id", (request) => engine.getSession(request.params.id));
    instance.post<ById>("/:id/cancel", (request) => engine.cancelSession(request.params.id));
  };
}

/**
 * The Refunds API (mounted at /refunds): Basic auth with the secret key; Xendit's refund reference
 * names no api-version header (https://docs.xendit.co/apidocs/refund-payment-request).
 */
export function refundRoutes(engine: Engine, secretKey: string): FastifyPluginAsync {
  return async (instance) => {
    instance.addHook("onRequest", requireSecretKey(secretKey));
    readJsonBodies(instance);
    instance.all("/*", noSuchPath("No such endpoint", instance.prefix, "/refunds"));

    // "200: Refund is pending. Check the final status of the refund via webhook."
    instance.post("/", (request) => engine.createRefund(request.body, header(request, "idempotency-key") || undefined));
    instance.get("/", (request) => engine.findRefunds(request.query as Record<string, unknown>));
    instance.get<ById>("/:id", (request) => engine.getRefund(request.params.id));
  };
}

/** `Authorization: Basic base64("<secret key>:")`, the password empty, as Xendit expects. */
function requireSecretKey(secretKey: string): (request: FastifyRequest) => Promise<void> {
  const expected = Buffer.from(`Basic ${Buffer.from(`${secretKey}:`).toString("base64")}`);
  return async (request) => {
    const given = Buffer.from(request.headers.authorization ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new XenditError(
        401,
        "INVALID_API_KEY",
        "API key is invalid or missing: send HTTP Basic auth with the secret key as the user name and an empty password",
      );
    }
  };
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
