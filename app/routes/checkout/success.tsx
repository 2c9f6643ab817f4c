import { data, Link } from "react-router";
import type { Route } from "./+types/success";
import { placedOrder } from "../../../server/checkout/steps.ts";
import { localeOf } from "../../../server/locale.ts";
import { orderById } from "../../../server/orders/queries.ts";
import { CashInStoreInstructions } from "../../components/CashInStoreInstructions";
import { awaitsCashPayment, OrderInfoNotFound, OrderPageLink, OrderSummary, orderView, type OrderView } from "../../components/OrderSummary";
import { metaLocale, translator, useT } from "../../i18n/core";
import { orders } from "../../i18n/orders";
import { NoticePage } from "../../components/NoticePage";

type Outcome = "paid" | "test" | "processing";

/** SPEC 2.7: a test payment first, then paid, otherwise still processing. */
function outcomeOf(order: Pick<OrderView, "paymentMethod" | "paymentStatus" | "status">): Outcome {
  if (order.paymentMethod === "TEST_CARD" || order.status === "test_payment") return "test";
  if (order.paymentStatus === "SUCCEEDED") return "paid";
  return "processing";
}

const titles = { paid: "success.paid.title", test: "success.test.title", processing: "success.processing.title" } as const;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const t = translator(orders, metaLocale(matches));
  const title =
    loaderData?.state === "found" ? t(titles[outcomeOf(loaderData.order)]) : loaderData?.state === "unavailable" ? t(titles.processing) : t("notFound.title");
  return [{ title }, { name: "robots", content: "noindex" }];
};

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * The order just placed from this browser (?order_id=…; payment_id is not used yet). If the order
 * cannot be read right now, the page still shows, saying so: never an error page after paying.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const orderId = new URL(request.url).searchParams.get("order_id");
  let order;
  try {
    order = await placedOrder(request, orderId, orderById);
  } catch (error) {
    console.error("checkout/success: the order could not be loaded", error);
    return data({ state: "unavailable" as const }, { status: 200 });
  }
  if (!order) return data({ state: "notFound" as const }, { status: 404 });
  return data({ state: "found" as const, order: orderView(order, localeOf(request)) }, { status: 200 });
}

export default function Success({ loaderData }: Route.ComponentProps) {
  const t = useT(orders);
  if (loaderData.state === "notFound") return <OrderInfoNotFound />;

  if (loaderData.state === "unavailable") {
    return (
      <NoticePage role="status" title={t("success.processing.title")} text={t("success.unavailable.text")}>
        <a href="" className="btn-primary">
          {t("success.reload")}
        </a>
        <Link to="/products" className="btn-secondary">
          {t("continue")}
        </Link>
      </NoticePage>
    );
  }

  const { order } = loaderData;
  const outcome = outcomeOf(order);
  const cash = awaitsCashPayment(order);
  const text = outcome === "paid" ? "success.paid.text" : outcome === "test" ? "success.test.text" : cash ? "success.cash.text" : "success.processing.text";

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
        {cash && <CashInStoreInstructions orderNumber={order.orderNumber} totalIdr={order.totalIdr} totalCents={order.totalCents} payBy={order.payBy} />}
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
function OutcomeMark({ outcome }: { outcome: Outcome }) {
  const colours = outcome === "paid" ? "bg-leaf-600 text-white" : outcome === "test" ? "bg-gray-200 text-gray-800" : "bg-amber-100 text-amber-900";
  return (
    <span aria-hidden className={`mx-auto flex size-14 items-center justify-center rounded-full ${colours}`}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className="size-7">
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
