import { timingSafeEqual } from "node:crypto";
import express, { type RequestHandler } from "express";
import type { Engine } from "./engine.ts";
import { invalid, XenditError } from "./errors.ts";

export const API_VERSION = "2024-11-11";

/** The v3 Payment Requests API (mounted at /v3): Basic auth with the secret key, then api-version. */
export function apiRoutes(engine: Engine, secretKey: string): express.Router {
  const router = express.Router();
  router.use(requireSecretKey(secretKey));
  router.use((req, _res, next) => {
    const version = req.get("api-version");
    if (version !== API_VERSION) throw invalid(`Header api-version must be ${API_VERSION}${version ? ` (got ${version})` : ""}`);
    next();
  });
  router.use(express.json({ limit: "1mb" }));

  router.post("/payment_requests", (req, res) => {
    res.status(201).json(engine.create(req.body, req.get("idempotency-key") || undefined));
  });
  router.get("/payment_requests/:id", (req, res) => {
    res.json(engine.get(req.params.id));
  });
  router.post("/payment_requests/:id/cancel", (req, res) => {
    res.json(engine.cancel(req.params.id));
  });
  router.post("/payment_requests/:id/simulate", (req, res) => {
    res.json(engine.simulate(req.params.id, req.body ?? {}));
  });
  router.get("/payments/:id", (req, res) => {
    res.json(engine.payment(req.params.id));
  });
  router.use((req) => {
    throw new XenditError(404, "NOT_FOUND", `No such endpoint: ${req.method} /v3${req.path}`);
  });
  return router;
}

/**
 * The Payment Sessions API (mounted at /sessions): Basic auth with the secret key; Xendit's
 * reference for it names no api-version header.
 */
export function sessionRoutes(engine: Engine, secretKey: string): express.Router {
  const router = express.Router();
  router.use(requireSecretKey(secretKey));
  router.use(express.json({ limit: "1mb" }));
  router.post("/", (req, res) => {
    res.status(201).json(engine.createSession(req.body));
  });
  router.get("/:id", (req, res) => {
    res.json(engine.getSession(req.params.id));
  });
  router.post("/:id/cancel", (req, res) => {
    res.json(engine.cancelSession(req.params.id));
  });
  router.use((req) => {
    throw new XenditError(404, "NOT_FOUND", `No such endpoint: ${req.method} /sessions${req.path}`);
  });
  return router;
}

/** `Authorization: Basic base64("<secret key>:")`, the password empty, as Xendit expects. */
function requireSecretKey(secretKey: string): RequestHandler {
  const expected = Buffer.from(`Basic ${Buffer.from(`${secretKey}:`).toString("base64")}`);
  return (req, _res, next) => {
    const given = Buffer.from(req.get("authorization") ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new XenditError(
        401,
        "INVALID_API_KEY",
        "API key is invalid or missing: send HTTP Basic auth with the secret key as the user name and an empty password",
      );
    }
    next();
  };
}

/**
 * The Refunds API (mounted at /refunds): Basic auth with the secret key; Xendit's refund reference
 * names no api-version header (https://docs.xendit.co/apidocs/refund-payment-request).
 */
export function refundRoutes(engine: Engine, secretKey: string): express.Router {
  const router = express.Router();
  router.use(requireSecretKey(secretKey));
  router.use(express.json({ limit: "1mb" }));
  // "200: Refund is pending. Check the final status of the refund via webhook."
  router.post("/", (req, res) => {
    res.json(engine.createRefund(req.body, req.get("idempotency-key") || undefined));
  });
  router.get("/:id", (req, res) => {
    res.json(engine.getRefund(req.params.id));
  });
  router.use((req) => {
    throw new XenditError(404, "NOT_FOUND", `No such endpoint: ${req.method} /refunds${req.path}`);
  });
  return router;
}
