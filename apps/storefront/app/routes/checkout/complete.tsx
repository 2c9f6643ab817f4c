import { completePageAnswer } from "@workshop/domain/shop-api/order-pages.ts";
import { data } from "react-router";
import { apiGet } from "#app/api/client.server.ts";
import { nullIfNotFound } from "#app/api/not-found.server.ts";
import { paymentQuery } from "#app/api/payment-query.server.ts";
import { CashInStoreInstructions } from "#app/components/CashInStoreInstructions.tsx";
import { Link } from "#app/components/localized.tsx";
import { OrderInfoNotFound, OrderPageLink, OrderSummary, StatusBadge } from "#app/components/OrderSummary.tsx";
import { metaLocale, translator, useT } from "#app/i18n/core.ts";
import { orders } from "#app/i18n/orders.ts";
import { privatePage } from "#app/web/cache-policy.ts";
import { localeOf } from "#app/web/locale.ts";
import type { Route } from "./+types/complete";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translator(orders, metaLocale(matches));
  return [{ title: loaderData?.order ? t("complete.title") : t("notFound.title") }, { name: "robots", content: "noindex" }];
};

export const headers: Route.HeadersFunction = privatePage;

/** A finished order placed from this browser (?order_id=…), in full. */
export async function loader({ request }: Route.LoaderArgs) {
  const query = paymentQuery(request, { lang: localeOf(request) });
  const page = await apiGet(request, `/api/shop/checkout/complete?${query}`, completePageAnswer).catch(nullIfNotFound);
  if (!page) return data({ order: null, cashDue: false }, { status: 404 });
  return data(page, { status: 200 });
}

export default function Complete({ loaderData }: Route.ComponentProps) {
  const t = useT(orders);
  const { order, cashDue } = loaderData;
  if (!order) return <OrderInfoNotFound />;
  const row = "flex flex-wrap items-center justify-between gap-x-4 gap-y-1.5 py-3";

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-16">
      <header>
        <h1 className="text-3xl font-semibold sm:text-4xl">{t("complete.title")}</h1>
        <p className="mt-3 max-w-2xl text-lg leading-relaxed text-ink-700">{t("complete.text")}</p>
      </header>

      <dl className="mt-8 divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white px-5 sm:px-6">
        <div className={row}>
          <dt className="text-ink-500">{t("orderNumber")}</dt>
          <dd className="font-semibold tracking-wide">{order.orderNumber}</dd>
        </div>
        <div className={row}>
          <dt className="text-ink-500">{t("orderDate")}</dt>
          <dd className="font-medium">{t("baliTime", { date: order.placedAt })}</dd>
        </div>
        <div className={row}>
          <dt className="text-ink-500">{t("label.status")}</dt>
          <dd>
            <StatusBadge kind="status" value={order.status} />
          </dd>
        </div>
        <div className={row}>
          <dt className="text-ink-500">{t("label.payment")}</dt>
          <dd>
            <StatusBadge kind="payment" value={order.paymentStatus} />
          </dd>
        </div>
      </dl>

      <div className="mt-6 space-y-6">
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
        <OrderSummary order={order} detailed />
        <OrderPageLink token={order.accessToken} />
      </div>

      <div className="mt-10 text-center">
        <Link to="/products" className="btn-secondary">
          {t("continue")}
        </Link>
      </div>
    </div>
  );
}
