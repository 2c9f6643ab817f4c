import { stageMailsAnswer } from "@workshop/domain/shop-api/stage-mails.ts";
import { data } from "react-router";
import { ApiRefusal, apiCall, apiGet } from "#app/api/client.server.ts";
import { nullIfNotFound } from "#app/api/not-found.server.ts";
import { Form, Link } from "#app/components/localized.tsx";
import { NoticePage } from "#app/components/NoticePage.tsx";
import { metaLocale, translator, useT } from "#app/i18n/core.ts";
import { orders } from "#app/i18n/orders.ts";
import { stageMails } from "#app/i18n/stage-mails.ts";
import { SecretLinkError, secretLinkHeaders, secretLinkMeta, tokenSegment } from "#app/secret-link.tsx";
import type { Route } from "./+types/stage-mails";

/**
 * The stop link of the e-mails about the making of a hat (decision 055), found by the order's
 * unguessable token: it asks first and stops only on the button's form post, since mail scanners
 * follow the links of an e-mail (a GET changes nothing). Works without JavaScript.
 */

export const meta: Route.MetaFunction = ({ matches, error }) =>
  // An error page (429, 503) names itself.
  error ? secretLinkMeta : [{ title: translator(stageMails, metaLocale(matches))("meta.title") }, ...secretLinkMeta];

export const headers: Route.HeadersFunction = secretLinkHeaders;

const apiPath = (token: string) => `/api/shop/orders/${token}/stage-mails`;

export async function loader({ params, request }: Route.LoaderArgs) {
  const token = tokenSegment(params.token);
  const found = token && (await apiGet(request, apiPath(token), stageMailsAnswer).catch(nullIfNotFound));
  if (!found) return data({ found: false as const }, { status: 404 });
  return data({ found: true as const, token: params.token, ...found });
}

/** The button: stop them (or, after a stop, have them again). */
export async function action({ params, request }: Route.ActionArgs) {
  const token = tokenSegment(params.token);
  const stop = (await request.formData()).get("stop") !== "false";
  if (token === null) return data({ done: null }, { status: 404 });
  try {
    await apiCall(request, apiPath(token), { method: "POST", body: { stop }, answer: stageMailsAnswer });
    return { done: stop ? ("stopped" as const) : ("resumed" as const) };
  } catch (error) {
    if (error instanceof ApiRefusal && error.status === 404) return data({ done: null }, { status: 404 });
    throw error;
  }
}

export default function StageMailsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(stageMails);
  const to = useT(orders);
  if (!loaderData.found) {
    return (
      <NoticePage title={to("orderNotFound.title")} text={to("orderNotFound.text")}>
        <Link to="/products" className="btn-primary">
          {to("notFound.products")}
        </Link>
        <Link to="/contact" className="btn-secondary">
          {to("orderNotFound.contact")}
        </Link>
      </NoticePage>
    );
  }
  const number = loaderData.orderNumber;
  const orderPage = `/orders/${encodeURIComponent(loaderData.token)}`;
  if (loaderData.stopped)
    return (
      <NoticePage title={t("done.title", { number })} text={t("done.text")} role={actionData?.done ? "status" : undefined}>
        <Link to={orderPage} className="btn-primary">
          {t("done.back")}
        </Link>
        <Form method="post">
          <input type="hidden" name="stop" value="false" />
          <button type="submit" className="btn-secondary">
            {t("done.undo")}
          </button>
        </Form>
      </NoticePage>
    );
  const resumed = actionData?.done === "resumed";
  return (
    <NoticePage
      title={t(resumed ? "resumed.title" : "ask.title", { number })}
      text={t(resumed ? "resumed.text" : "ask.text")}
      role={resumed ? "status" : undefined}
    >
      {resumed ? (
        <Link to={orderPage} className="btn-primary">
          {t("done.back")}
        </Link>
      ) : (
        <>
          <Form method="post">
            <input type="hidden" name="stop" value="true" />
            <button type="submit" className="btn-primary">
              {t("ask.stop")}
            </button>
          </Form>
          <Link to={orderPage} className="btn-secondary">
            {t("ask.keep")}
          </Link>
        </>
      )}
    </NoticePage>
  );
}

export const ErrorBoundary = SecretLinkError;
