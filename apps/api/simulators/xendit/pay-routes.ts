import express, { type ErrorRequestHandler, type Response } from "express";
import { findChannel } from "./channels.ts";
import type { Engine } from "./engine.ts";
import { XenditError } from "./errors.ts";
import { closedPage, closedSessionPage, notFoundPage, payPage, returnUrl, sessionPage } from "./pay-page.ts";
import { cardFailure, readCardForm } from "./test-cards.ts";
import type { PaymentRequest, PaymentSession } from "./types.ts";

/**
 * The hosted pay pages (mounted at /pay): GET shows the page for a request, POST applies what the
 * customer chose (`outcome` = approve | decline | cancel) and sends the browser back to the
 * shop's return URL with a 303, as Xendit's redirect does.
 */
export function payRoutes(engine: Engine): express.Router {
  const router = express.Router();

  // The hosted checkout of a payment session (its payment_link_url).
  router.get("/sessions/:id", (req, res) => {
    const session = findSession(engine, req.params.id);
    if (!session) return html(res, 404, notFoundPage(req.params.id));
    html(res, 200, session.status === "ACTIVE" ? sessionPage(session) : closedSessionPage(session));
  });

  router.post("/sessions/:id", (req, res) => {
    const id = req.params.id;
    const session = findSession(engine, id);
    if (!session) return html(res, 404, notFoundPage(id));
    if (session.status !== "ACTIVE") return html(res, 409, closedSessionPage(session));
    const fields: Record<string, unknown> = req.body ?? {};
    if (fields.outcome === "cancel") {
      // The customer stops: back to the shop's cancel URL; the session stays until it expires.
      if (session.cancel_return_url) return res.redirect(303, session.cancel_return_url);
      return html(res, 200, sessionPage(session, { message: "No way back to the shop was given; close this page." }));
    }
    if (fields.outcome !== "approve") return html(res, 400, sessionPage(session, { message: "Choose one of the buttons below." }));
    const values = {
      card_number: String(fields.card_number ?? ""),
      expiry: String(fields.expiry ?? ""),
      cardholder_name: String(fields.cardholder_name ?? ""),
    };
    const read = readCardForm(fields, engine.now());
    if ("message" in read) return html(res, 400, sessionPage(session, { message: read.message, values }));
    const failureCode = cardFailure(read.card, session.amount);
    if (failureCode) {
      engine.paySession(id, { status: "FAILED", failureCode, card: read.card });
      return html(res, 402, sessionPage(session, { message: `The card was not accepted (${failureCode}). Try another card, or cancel.` }));
    }
    engine.paySession(id, { status: "SUCCEEDED", amount: session.amount, currency: session.currency, card: read.card });
    if (session.success_return_url) res.redirect(303, session.success_return_url);
    else html(res, 200, closedSessionPage(session));
  });

  router.get("/:id", (req, res) => {
    const request = find(engine, req.params.id);
    if (!request) return html(res, 404, notFoundPage(req.params.id));
    html(res, 200, request.status === "REQUIRES_ACTION" ? payPage(request) : closedPage(request));
  });

  router.post("/:id", (req, res) => {
    const id = req.params.id;
    const request = find(engine, id);
    if (!request) return html(res, 404, notFoundPage(id));
    // A second submit (back button, double click) must never make a second payment.
    if (request.status !== "REQUIRES_ACTION") return html(res, 409, closedPage(request));
    const fields: Record<string, unknown> = req.body ?? {};
    const kind = findChannel(request.channel_code)?.kind;

    switch (fields.outcome) {
      case "cancel":
        engine.cancel(id);
        break;
      case "decline":
        if (kind === "cards") return html(res, 400, payPage(request, { message: "Choose Pay or Cancel." }));
        engine.fail(id, "USER_DECLINED_PAYMENT");
        break;
      case "approve": {
        if (kind !== "cards") {
          engine.pay(id);
          break;
        }
        const read = readCardForm(fields, engine.now());
        if ("message" in read) {
          const values = {
            card_number: String(fields.card_number ?? ""),
            expiry: String(fields.expiry ?? ""),
            cardholder_name: String(fields.cardholder_name ?? ""),
          };
          return html(res, 400, payPage(request, { message: read.message, values }));
        }
        const failureCode = cardFailure(read.card, request.request_amount);
        if (failureCode) engine.fail(id, failureCode, read.card);
        else engine.pay(id, { card: read.card });
        break;
      }
      default:
        return html(res, 400, payPage(request, { message: "Choose one of the buttons below." }));
    }
    const back = returnUrl(request);
    if (back) res.redirect(303, back);
    else html(res, 200, closedPage(request));
  });

  const pageErrors: ErrorRequestHandler = (error, _req, res, _next) => {
    console.error("xendit simulator pay page:", error);
    html(
      res,
      500,
      '<!doctype html><html lang="en"><title>Xendit sandbox — error</title><h1>Something went wrong in the sandbox</h1></html>',
    );
  };
  router.use(pageErrors);
  return router;
}

function findSession(engine: Engine, id: string): PaymentSession | undefined {
  try {
    return engine.getSession(id);
  } catch (error) {
    if (error instanceof XenditError && error.status === 404) return undefined;
    throw error;
  }
}

function find(engine: Engine, id: string): PaymentRequest | undefined {
  try {
    return engine.get(id);
  } catch (error) {
    if (error instanceof XenditError && error.status === 404) return undefined;
    throw error;
  }
}

function html(res: Response, status: number, page: string): void {
  res.status(status).type("html").set("cache-control", "no-store").send(page);
}
