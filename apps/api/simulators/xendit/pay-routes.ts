import formbody from "@fastify/formbody";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { findChannel } from "./channels.ts";
import type { Engine } from "./engine.ts";
import { answerError, isUnreadableRequest, XenditError } from "./errors.ts";
import { closedPage, closedSessionPage, notFoundPage, payPage, returnUrl, sessionPage } from "./pay-page.ts";
import { cardFailure, readCardForm } from "./test-cards.ts";
import type { PaymentRequest, PaymentSession } from "./types.ts";

type ById = { Params: { id: string } };

/**
 * The hosted pay pages (mounted at /pay): GET shows the page for a request, POST applies what the
 * customer chose (`outcome` = approve | decline | cancel) and sends the browser back to the
 * shop's return URL with a 303, as Xendit's redirect does.
 */
export function payRoutes(engine: Engine): FastifyPluginAsync {
  return async (instance) => {
    // The form posts of the hosted pages, up to 64 kB.
    await instance.register(formbody, { bodyLimit: 64 * 1024 });
    // A request that could not be read still gets Xendit's JSON error; a failing page an HTML one.
    instance.setErrorHandler((error, _request, reply) => {
      if (isUnreadableRequest(error)) return answerError(error, reply);
      console.error("xendit simulator pay page:", error);
      html(
        reply,
        500,
        '<!doctype html><html lang="en"><title>Xendit sandbox — error</title><h1>Something went wrong in the sandbox</h1></html>',
      );
    });

    // The hosted checkout of a payment session (its payment_link_url).
    instance.get<ById>("/sessions/:id", (request, reply) => {
      const session = findSession(engine, request.params.id);
      if (!session) return html(reply, 404, notFoundPage(request.params.id));
      html(reply, 200, session.status === "ACTIVE" ? sessionPage(session) : closedSessionPage(session));
    });

    instance.post<ById>("/sessions/:id", (request, reply) => {
      const id = request.params.id;
      const session = findSession(engine, id);
      if (!session) return html(reply, 404, notFoundPage(id));
      if (session.status !== "ACTIVE") return html(reply, 409, closedSessionPage(session));
      const fields = formFields(request.body);
      if (fields.outcome === "cancel") {
        // The customer stops: back to the shop's cancel URL; the session stays until it expires.
        if (session.cancel_return_url) return redirect(reply, session.cancel_return_url);
        return html(reply, 200, sessionPage(session, { message: "No way back to the shop was given; close this page." }));
      }
      if (fields.outcome !== "approve") return html(reply, 400, sessionPage(session, { message: "Choose one of the buttons below." }));
      const values = {
        card_number: String(fields.card_number ?? ""),
        expiry: String(fields.expiry ?? ""),
        cardholder_name: String(fields.cardholder_name ?? ""),
      };
      const read = readCardForm(fields, engine.now());
      if ("message" in read) return html(reply, 400, sessionPage(session, { message: read.message, values }));
      const failureCode = cardFailure(read.card, session.amount);
      if (failureCode) {
        engine.paySession(id, { status: "FAILED", failureCode, card: read.card });
        return html(
          reply,
          402,
          sessionPage(session, { message: `The card was not accepted (${failureCode}). Try another card, or cancel.` }),
        );
      }
      engine.paySession(id, { status: "SUCCEEDED", amount: session.amount, currency: session.currency, card: read.card });
      if (session.success_return_url) redirect(reply, session.success_return_url);
      else html(reply, 200, closedSessionPage(session));
    });

    instance.get<ById>("/:id", (request, reply) => {
      const paymentRequest = find(engine, request.params.id);
      if (!paymentRequest) return html(reply, 404, notFoundPage(request.params.id));
      html(reply, 200, paymentRequest.status === "REQUIRES_ACTION" ? payPage(paymentRequest) : closedPage(paymentRequest));
    });

    instance.post<ById>("/:id", (request, reply) => {
      const id = request.params.id;
      const paymentRequest = find(engine, id);
      if (!paymentRequest) return html(reply, 404, notFoundPage(id));
      // A second submit (back button, double click) must never make a second payment.
      if (paymentRequest.status !== "REQUIRES_ACTION") return html(reply, 409, closedPage(paymentRequest));
      const fields = formFields(request.body);
      const kind = findChannel(paymentRequest.channel_code)?.kind;

      switch (fields.outcome) {
        case "cancel":
          engine.cancel(id);
          break;
        case "decline":
          if (kind === "cards") return html(reply, 400, payPage(paymentRequest, { message: "Choose Pay or Cancel." }));
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
            return html(reply, 400, payPage(paymentRequest, { message: read.message, values }));
          }
          const failureCode = cardFailure(read.card, paymentRequest.request_amount);
          if (failureCode) engine.fail(id, failureCode, read.card);
          else engine.pay(id, { card: read.card });
          break;
        }
        default:
          return html(reply, 400, payPage(paymentRequest, { message: "Choose one of the buttons below." }));
      }
      const back = returnUrl(paymentRequest);
      if (back) redirect(reply, back);
      else html(reply, 200, closedPage(paymentRequest));
    });
  };
}

/** The posted form; none when the body was not a form (it is left unread). */
function formFields(body: unknown): Record<string, unknown> {
  return (body ?? {}) as Record<string, unknown>;
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

function html(reply: FastifyReply, status: number, page: string): void {
  reply.code(status).type("text/html; charset=utf-8").header("cache-control", "no-store").send(page);
}

/**
 * Sends the browser back to the shop with a 303. The URL is percent-encoded where it is not
 * already, as Express's redirect did (encodeurl): a return URL may hold characters a header may not.
 */
function redirect(reply: FastifyReply, url: string): void {
  const location = url
    .replace(/([\uD800-\uDBFF][\uDC00-\uDFFF])|[\uD800-\uDFFF]/g, (_, pair: string | undefined) => pair ?? "\uFFFD")
    .replace(/(?:[^\x21\x23-\x3B\x3D\x3F-\x5F\x61-\x7A\x7C\x7E]+|%+(?![0-9A-Fa-f]{2}))/g, encodeURI);
  reply.redirect(location, 303);
}
