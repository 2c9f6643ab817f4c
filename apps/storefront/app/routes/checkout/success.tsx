import { paymentMethodName } from "@workshop/domain/payment-methods.ts";
import { type SuccessOutcome, successPageAnswer } from "@workshop/domain/shop-api/order-pages.ts";
import { data } from "react-router";
import { ApiRefusal, apiGet } from "#app/api/client.server.ts";
import { paymentQuery } from "#app/api/payment-query.server.ts";
import { CashInStoreInstructions } from "#app/components/CashInStoreInstructions.tsx";
import { Link } from "#app/components/localized.tsx";
import { NoticePage } from "#app/components/NoticePage.tsx";
import { OrderInfoNotFound, OrderPageLink, OrderSummary } from "#app/components/OrderSummary.tsx";
import { PaymentReference } from "#app/components/payment/PaymentReference.tsx";
import { metaLocale, translator, useLocale, useT } from "#app/i18n/core.ts";
import { orders } from "#app/i18n/orders.ts";
import { payments } from "#app/i18n/payments.ts";
import { privatePage } from "#app/web/cache-policy.ts";
import { localeOf, redirectIn } from "#app/web/locale.ts";
import type { Route } from "./+types/success";

const titles = {
  paid: "success.paid.title",
  test: "success.test.title",
  processing: "success.processing.title",
  cash: "success.cash.title",
} as const;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translator(orders, metaLocale(matches));
  const title =
    loaderData?.state === "found"
      ? t(titles[loaderData.outcome])
      : loaderData?.state === "unavailable"
        ? t(titles.processing)
        : t("notFound.title");
  return [{ title }, { name: "robots", content: "noindex" }];
};

export const headers: Route.HeadersFunction = privatePage;

/**
 * The order just placed from this browser (?order_id=…), and with ?payment_id=… that payment, as
 * the API says it stands (SPEC 2.7). If either cannot be read right now, the page still shows,
 * saying so: never an error page after paying. A payment that failed while the order is unpaid
 * goes to the failed page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = paymentQuery(request, { lang: localeOf(request) });
  const page = await apiGet(request, `/api/shop/checkout/success?${query}`, successPageAnswer).catch((error: unknown) =>
    // Not this browser's order (404), or an API that cannot answer now (the client has logged why).
    error instanceof ApiRefusal && error.status === 404 ? ("notFound" as const) : ("unavailable" as const),
  );
  if (page === "notFound") return data({ state: "notFound" as const }, { status: 404 });
  if (page === "unavailable") return data({ state: "unavailable" as const }, { status: 200 });
  if ("next" in page) throw redirectIn(request, page.next);
  return data({ state: "found" as const, ...page }, { status: 200 });
}

export default function Success({ loaderData }: Route.ComponentProps) {
  const t = useT(orders);
  const locale = useLocale();
  const tp = useT(payments);
  if (loaderData.state === "notFound") return <OrderInfoNotFound />;

  if (loaderData.state === "unavailable") {
    return (
      <NoticePage role="status" title={t("success.processing.title")} text={t("success.unavailable.text")}>
        {/* biome-ignore lint/a11y/useValidAnchor: an empty href reloads this page, also without JavaScript */}
        <a href="" className="btn-primary">
          {t("success.reload")}
        </a>
        <Link to="/products" className="btn-secondary">
          {t("continue")}
        </Link>
      </NoticePage>
    );
  }

  const { order, outcome, payment, paymentUnavailable, cashDue } = loaderData;
  const text =
    outcome === "paid"
      ? "success.paid.text"
      : outcome === "test"
        ? "success.test.text"
        : outcome === "cash"
          ? "success.cash.text"
          : "success.processing.text";

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-16">
      <header className="text-center">
        <OutcomeMark outcome={outcome} />
        <h1 className="mt-4 text-3xl font-semibold sm:text-4xl">{t(titles[outcome])}</h1>
        <p className="mt-3 text-ink-700">
          {t("orderNumber")}: <strong className="whitespace-nowrap font-semibold tracking-wide text-ink-900">{order.orderNumber}</strong>
        </p>
        <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-ink-700">{t(text)}</p>
        <p className="mt-2 text-sm text-ink-500 [overflow-wrap:anywhere]">{t("success.email", { email: order.shippingAddress.email })}</p>
      </header>

      <div className="mt-10 space-y-6">
        {paymentUnavailable && (
          <p role="note" className="rounded-xl bg-sand-100 px-4 py-3 text-center text-sm text-ink-700">
            {tp("success.detailsUnavailable")}
          </p>
        )}
        {payment && (
          <PaymentReference
            title={tp("success.details")}
            headingId="payment-details-title"
            rows={[
              {
                label: tp("ref.method"),
                value: payment.methodCode === "QRIS" ? tp("method.qr") : paymentMethodName(payment.methodCode, locale),
              },
              { label: tp("ref.orderNumber"), value: order.orderNumber },
              { label: tp("ref.paymentId"), value: payment.id, mono: true },
            ]}
          />
        )}
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
        <OrderPageLink token={order.accessToken} />
        <OrderSummary order={order} />
      </div>

      <div className="mt-10 text-center">
        <Link to="/products" className="btn-secondary">
          {t("continue")}
        </Link>
      </div>
    </div>
  );
}

/** A tick for a paid order, a clock while the payment is awaited, a flask for a test payment. */
function OutcomeMark({ outcome }: { outcome: SuccessOutcome }) {
  const colours =
    outcome === "paid" ? "bg-leaf-600 text-white" : outcome === "test" ? "bg-gray-200 text-gray-800" : "bg-amber-100 text-amber-900";
  return (
    <span aria-hidden className={`mx-auto flex size-14 items-center justify-center rounded-full ${colours}`}>
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className="size-7"
      >
        {outcome === "paid" ? (
          <path d="m5 12.5 4.5 4.5L19 7.5" />
        ) : outcome === "test" ? (
          <path d="M9 3h6M10 3v6l-5 9a2 2 0 0 0 1.8 3h10.4a2 2 0 0 0 1.8-3l-5-9V3M7.5 15h9" />
        ) : (
          <>
            <circle cx="12" cy="12" r="9" />
            <path d="M12 7v5l3 2" />
          </>
        )}
      </svg>
    </span>
  );
}
