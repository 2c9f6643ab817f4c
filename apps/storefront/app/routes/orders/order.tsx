import { shop } from "@workshop/domain/shop.ts";
import { orderPageAnswer, payOrderAnswer } from "@workshop/domain/shop-api/order-pages.ts";
import { refundTone } from "@workshop/ui/order-status-tone.ts";
import { StatusPill } from "@workshop/ui/StatusPill.tsx";
import { data } from "react-router";
import { ApiRefusal, apiCall, apiGet, relayHeaders } from "#app/api/client.server.ts";
import { nullIfNotFound } from "#app/api/not-found.server.ts";
import { CashInStoreInstructions } from "#app/components/CashInStoreInstructions.tsx";
import { Form, Link } from "#app/components/localized.tsx";
import { MakingTimeline } from "#app/components/MakingTimeline.tsx";
import { NoticePage } from "#app/components/NoticePage.tsx";
import { OrderRefunds } from "#app/components/OrderRefunds.tsx";
import { OrderSummary, StatusBadge, statusWord } from "#app/components/OrderSummary.tsx";
import { metaLocale, translator, useT } from "#app/i18n/core.ts";
import { orders } from "#app/i18n/orders.ts";
import { refunds } from "#app/i18n/refunds.ts";
import { SecretLinkError, secretLinkHeaders, secretLinkMeta, tokenSegment } from "#app/secret-link.tsx";
import { localeOf, redirectIn } from "#app/web/locale.ts";
import type { Route } from "./+types/order";

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => {
  const t = translator(orders, metaLocale(matches));
  // An error page (429, 503) names itself.
  if (error) return secretLinkMeta;
  return [
    { title: loaderData?.found ? t("order.meta", { number: loaderData.order.orderNumber }) : t("orderNotFound.title") },
    ...secretLinkMeta,
  ];
};

export const headers: Route.HeadersFunction = secretLinkHeaders;

/** The payment statuses a refund's state may stand in for: the order holds money the refund speaks of. */
const paidStatuses = new Set(["SUCCEEDED", "DEPOSIT_PAID"]);

/** The customer's order page, found by its unguessable token only (the API judges it, and counts the unknown ones). */
export async function loader({ params, request }: Route.LoaderArgs) {
  const token = tokenSegment(params.token);
  const page =
    token && (await apiGet(request, `/api/shop/orders/${token}?lang=${localeOf(request)}`, orderPageAnswer).catch(nullIfNotFound));
  if (!page) return data({ found: false as const }, { status: 404 });
  return data({ found: true as const, ...page }, { status: 200 });
}

/** Pay now: this browser takes the order to the payment step (a failed or abandoned payment, any device). */
export async function action({ params, request }: Route.ActionArgs) {
  const token = tokenSegment(params.token);
  // Back to the order's page (a 404 for an unknown token) when there is nothing to pay; the token as
  // the URL spelled it, since a decoded one (non-ASCII, CR/LF) cannot go into a Location header.
  const back = () => redirectIn(request, `/orders/${token ?? ""}`);
  if (token === null) return back();
  try {
    const answer = await apiCall(request, `/api/shop/orders/${token}/pay`, { method: "POST", body: {}, answer: payOrderAnswer });
    return redirectIn(request, answer.data.next, { headers: relayHeaders(answer) });
  } catch (error) {
    if (error instanceof ApiRefusal && (error.status === 404 || error.status === 409)) return back();
    throw error;
  }
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const t = useT(orders);
  const tr = useT(refunds);
  if (!loaderData.found) {
    return (
      <NoticePage title={t("orderNotFound.title")} text={t("orderNotFound.text")}>
        <Link to="/products" className="btn-primary">
          {t("notFound.products")}
        </Link>
        <Link to="/contact" className="btn-secondary">
          {t("orderNotFound.contact")}
        </Link>
      </NoticePage>
    );
  }

  const { order, history, payNow, cashDue, refund, returned, making } = loaderData;
  return (
    <div className="container-page py-10 sm:py-14">
      <header>
        <p className="text-sm font-semibold uppercase tracking-wider text-clay-700">{t("order.eyebrow")}</p>
        <h1 className="mt-2 text-3xl font-semibold sm:text-4xl">{t("order.title", { number: order.orderNumber })}</h1>
        <p className="mt-2 text-ink-700">{t("order.placed", { date: order.placedAt })}</p>
        <dl className="mt-5 flex flex-wrap gap-x-8 gap-y-3">
          <div className="flex flex-wrap items-center gap-2.5">
            <dt className="text-sm text-ink-500">{t("label.status")}</dt>
            <dd>
              <StatusBadge kind="status" value={order.status} />
            </dd>
          </div>
          <div className="flex flex-wrap items-center gap-2.5">
            <dt className="text-sm text-ink-500">{t("label.payment")}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              {/* The money that went back says more than "Paid" or "Deposit paid" (the payment's own
                  status keeps its value); an order not paid keeps saying so, the refund beside it. */}
              {!refund.state || !paidStatuses.has(order.paymentStatus) ? <StatusBadge kind="payment" value={order.paymentStatus} /> : null}
              {refund.state && <StatusPill tone={refundTone(refund.state)} label={tr(`state.${refund.state}`)} large />}
            </dd>
          </div>
          {returned && (
            <div className="flex flex-wrap items-center gap-2.5">
              <dt className="text-sm text-ink-500">{tr("label.returned")}</dt>
              <dd>
                <StatusPill tone={refundTone("RETURNED")} label={tr("returned")} large />
              </dd>
            </div>
          )}
        </dl>
        {payNow && (
          <Form method="post" className="mt-6 flex flex-wrap items-center gap-4 rounded-2xl bg-sand-100 p-4 sm:p-5">
            <p className="flex-1 basis-64 text-ink-700">
              {t(payNow === "again" ? "order.payAgain" : payNow === "balance" ? "order.payBalance" : "order.payPending")}
            </p>
            <button type="submit" className="btn-primary">
              {t("order.payNow")}
            </button>
          </Form>
        )}
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-10">
        <div className="space-y-6">
          {cashDue && (
            <CashInStoreInstructions
              orderNumber={order.orderNumber}
              totalIdr={order.depositIdr ?? order.totalIdr}
              totalCents={order.depositCents ?? order.totalCents}
              payBy={order.payBy}
              productionTime={order.customHat?.productionTime ?? null}
              makingWorkingDays={order.makingWorkingDays}
            />
          )}
          {making && <MakingTimeline making={making} token={order.accessToken} />}
          <OrderSummary order={order} detailed />
        </div>

        <aside className="space-y-6">
          <OrderRefunds refund={refund} />
          {history.length > 0 && (
            <section className="rounded-2xl border border-sand-200 bg-white p-5 sm:p-6">
              <h2 className="text-xl font-semibold">{t("history.title")}</h2>
              <ol className="mt-4">
                {history.map((event, i) => (
                  <li key={event.id} className="relative flex gap-3 pb-5 last:pb-0">
                    {i < history.length - 1 && <span aria-hidden className="absolute top-4 bottom-0 left-[5px] w-px bg-sand-300" />}
                    <span
                      aria-hidden
                      className={`mt-1.5 size-[11px] shrink-0 rounded-full ${i === history.length - 1 ? "bg-clay-600" : "bg-sand-400"}`}
                    />
                    <div className="min-w-0">
                      <p className="font-medium">{statusWord(t, "status", event.status)}</p>
                      <p className="text-sm text-ink-700">
                        {t("history.payment", { status: statusWord(t, "payment", event.paymentStatus) })}
                      </p>
                      <p className="text-sm text-ink-500">{event.at}</p>
                    </div>
                  </li>
                ))}
              </ol>
              <p className="mt-4 text-xs text-ink-500">{t("history.timezone")}</p>
            </section>
          )}
          <section className="rounded-2xl bg-sand-100 p-5 text-sm leading-relaxed text-ink-700 sm:p-6">
            <p className="[overflow-wrap:anywhere]">{t("order.help", { email: shop.email })}</p>
            <Link
              to="/contact"
              className="mt-2 inline-block font-semibold text-clay-700 underline decoration-clay-700/40 underline-offset-4 hover:decoration-clay-700"
            >
              {t("order.contact")}
            </Link>
          </section>
        </aside>
      </div>
    </div>
  );
}

export const ErrorBoundary = SecretLinkError;
