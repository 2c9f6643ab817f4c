import express, { type ErrorRequestHandler, type Response } from "express";
import { findChannel } from "./channels.ts";
import type { Engine } from "./engine.ts";
import { XenditError } from "./errors.ts";
import { closedPage, notFoundPage, payPage, returnUrl } from "./pay-page.ts";
import { cardFailure, readCardForm } from "./test-cards.ts";
import type { PaymentRequest } from "./types.ts";

/**
 * The hosted pay pages (mounted at /pay): GET shows the page for a request, POST applies what the
 * customer chose (`outcome` = approve | decline | cancel) and sends the browser back to the
 * shop's return URL with a 303, as Xendit's redirect does.
 */
export function payRoutes(engine: Engine): express.Router {
  const router = express.Router();

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
          const values = { card_number: String(fields.card_number ?? ""), expiry: String(fields.expiry ?? ""), cardholder_name: String(fields.cardholder_name ?? "") };
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
    html(res, 500, "<!doctype html><html lang=\"en\"><title>Xendit sandbox — error</title><h1>Something went wrong in the sandbox</h1></html>");
  };
  router.use(pageErrors);
  return router;
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
