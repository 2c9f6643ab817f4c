import { productionTimeText } from "@workshop/domain/custom-quote.ts";
import { deliveryOptions, isDeliveryOptionId, makingDays } from "@workshop/domain/delivery.ts";
import { formatIdr, formatRate, formatUsd } from "@workshop/domain/money.ts";
import { paymentMethodName } from "@workshop/domain/payment-methods.ts";
import { addressLines, shop } from "@workshop/domain/shop.ts";
import type { ShopOrder } from "@workshop/domain/shop-api/orders.ts";
import { workingDaysText } from "@workshop/domain/working-days-text.ts";
import { statusTone } from "@workshop/ui/order-status-tone.ts";
import { StatusPill } from "@workshop/ui/StatusPill.tsx";
import { type Translate, useLocale, useT } from "#app/i18n/core.ts";
import { countryNames } from "#app/i18n/countries.ts";
import { deliveryTexts } from "#app/i18n/delivery.ts";
import { orders } from "#app/i18n/orders.ts";
import { CustomHatPicture } from "./CustomHatPicture";
import { ArrowRight } from "./Icons";
import { Link } from "./localized";
import { NoticePage } from "./NoticePage";
import { ProductPhoto } from "./ProductPhoto";

type Key = keyof typeof orders.en & string;

/** What the order pages send to the browser: the order as the API answers it for the customer's pages. */
type OrderView = ShopOrder;

function known(key: string): key is Key {
  return Object.hasOwn(orders.en, key);
}

/** An order or payment status in words; an unknown value as it is. */
export function statusWord(t: Translate<Key>, kind: "status" | "payment", value: string): string {
  const key = `${kind}.${value}`;
  return known(key) ? t(key) : value;
}

/** A country's name in the visitor's language; one the list does not know as it is. */
function countryName(tn: Translate<keyof typeof countryNames.en & string>, country: string): string {
  return Object.hasOwn(countryNames.en, country) ? tn(country as keyof typeof countryNames.en) : country;
}

/** A delivery option's name in the visitor's language; an unknown id as it is. */
function deliveryName(td: Translate<keyof typeof deliveryTexts.en & string>, id: string): string {
  return isDeliveryOptionId(id) ? td(`${id}.name`) : id;
}

/** An order or payment status as a coloured pill, one colour per meaning (as in the console). */
export function StatusBadge({ kind, value }: { kind: "status" | "payment"; value: string }) {
  const t = useT(orders);
  return <StatusPill tone={statusTone(kind, value)} label={statusWord(t, kind, value)} large />;
}

/** The link to the customer's private order page, with why to keep it (success and complete pages). */
export function OrderPageLink({ token }: { token: string }) {
  const t = useT(orders);
  return (
    <section className="rounded-2xl border border-clay-600/30 bg-sand-100 p-5 sm:p-6">
      <h2 className="text-xl font-semibold">{t("link.title")}</h2>
      <p className="mt-2 leading-relaxed text-ink-700">{t("link.text")}</p>
      <Link to={`/orders/${token}`} className="btn-primary mt-4 w-full sm:w-auto">
        {t("link.button")}
        <ArrowRight className="size-4" />
      </Link>
    </section>
  );
}

/** 'Order Information Not Found' of the checkout's last pages. */
export function OrderInfoNotFound() {
  const t = useT(orders);
  return (
    <NoticePage title={t("notFound.title")} text={t("notFound.text")}>
      <Link to="/products" className="btn-primary">
        {t("notFound.products")}
      </Link>
    </NoticePage>
  );
}

type SummaryProps = {
  order: OrderView;
  /** Also the delivery option's description, estimated days and tracking (the order page). */
  detailed?: boolean;
  headingLevel?: 2 | 3;
};

/**
 * The order at a glance: photo, hat, size, price, delivery and its cost, the total in USD and in
 * rupiah (at the order's own rate), the shipping address and the payment method.
 */
export function OrderSummary({ order, detailed = false, headingLevel = 2 }: SummaryProps) {
  const t = useT(orders);
  const td = useT(deliveryTexts);
  const tn = useT(countryNames);
  const locale = useLocale();
  const Title = headingLevel === 2 ? "h2" : "h3";
  const Sub = headingLevel === 2 ? "h3" : "h4";
  const option = isDeliveryOptionId(order.deliveryOption) ? deliveryOptions[order.deliveryOption] : null;
  const a = order.shippingAddress;
  const sub = "text-sm font-semibold uppercase tracking-wider text-ink-500 font-sans";

  return (
    <section className="rounded-2xl border border-sand-200 bg-white p-5 sm:p-6">
      <Title className="text-xl font-semibold">{t("summary.title")}</Title>

      <div className="mt-5 flex gap-4">
        <div className="w-20 shrink-0 overflow-hidden rounded-xl sm:w-28">
          {order.customHat ? (
            <CustomHatPicture picture={order.customHat.picture} sizes="(min-width: 640px) 112px, 80px" />
          ) : (
            <ProductPhoto
              image={order.productImage ? { key: order.productImage, width: 640, height: 640 } : null}
              alt={t("summary.photoAlt", { name: order.productName })}
              sizes="(min-width: 640px) 112px, 80px"
              maxWidth={320}
            />
          )}
        </div>
        <div className="flex min-w-0 grow flex-col gap-1 sm:flex-row sm:justify-between sm:gap-4">
          <div className="min-w-0">
            <p className="font-serif text-lg font-semibold leading-snug">
              {order.productId === null ? (
                order.productName
              ) : (
                <Link to={`/products/${order.productId}`} className="hover:underline">
                  {order.productName}
                </Link>
              )}
            </p>
            <p className="mt-1 text-sm text-ink-700">
              {order.customHat
                ? t("summary.sizeAsSent", { size: order.customHat.size })
                : order.size === null
                  ? t("summary.oneSize")
                  : t("summary.size", { size: order.size })}
            </p>
            {order.color && <p className="text-sm text-ink-700">{t("summary.color", { color: order.color })}</p>}
          </div>
          <p className="font-semibold tabular-nums sm:text-right">
            <span className="sr-only">{t("summary.price")}: </span>
            {formatUsd(order.priceCents)}
          </p>
        </div>
      </div>

      <dl className="mt-5 divide-y divide-sand-200 border-t border-sand-200">
        <div className="flex flex-wrap justify-between gap-x-4 py-3">
          <dt className="min-w-0">
            <span className="text-ink-500">{t("summary.delivery")}</span>
            <span className="block font-medium text-ink-900">{deliveryName(td, order.deliveryOption)}</span>
          </dt>
          <dd className="font-medium tabular-nums">
            {order.deliveryCostCents === 0 ? t("summary.free") : formatUsd(order.deliveryCostCents)}
          </dd>
          {detailed && option && (
            <dd className="mt-1 basis-full text-sm leading-relaxed text-ink-700">
              {td(`${option.id}.description`)}
              <span className="block">
                {order.customHat
                  ? td("makingCustom", { time: productionTimeText(order.customHat.productionTime, locale) })
                  : order.makingWorkingDays !== null
                    ? td("makingWorkingDays", { days: workingDaysText(order.makingWorkingDays, locale) })
                    : td("making", makingDays)}
              </span>
              <span className="block">{td("delivery", { days: td(`${option.id}.days`, option.carrierDays ?? undefined) })}</span>
              <span className="block">{t(option.trackingAvailable ? "summary.tracking" : "summary.noTracking")}</span>
            </dd>
          )}
        </div>
        <div className="flex items-baseline justify-between gap-4 py-3">
          <dt className="font-semibold">{t("summary.total")}</dt>
          <dd className="text-xl font-semibold tabular-nums">{formatUsd(order.totalCents)}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-4 py-3">
          <dt className="text-ink-500">{t("summary.totalIdr")}</dt>
          <dd className="font-medium tabular-nums">{formatIdr(order.totalIdr)}</dd>
          <dd className="basis-full text-sm text-ink-500">{t("summary.rate", { rate: formatRate(order.usdToIdrRate) })}</dd>
        </div>
        {order.depositCents !== null && order.depositIdr !== null && order.balanceCents !== null && order.balanceIdr !== null && (
          // A custom hat is paid in two parts (decision 026): what each is, and whether it is paid.
          <>
            <div className="flex flex-wrap justify-between gap-x-4 py-3">
              <dt className="text-ink-500">{t("summary.deposit")}</dt>
              <dd className="font-medium tabular-nums">
                {formatUsd(order.depositCents)} ({formatIdr(order.depositIdr)}) ·{" "}
                {t(order.paymentStatus === "DEPOSIT_PAID" || order.paymentStatus === "SUCCEEDED" ? "summary.partPaid" : "summary.partDue")}
              </dd>
            </div>
            <div className="flex flex-wrap justify-between gap-x-4 py-3">
              <dt className="text-ink-500">{t("summary.balance")}</dt>
              <dd className="font-medium tabular-nums">
                {formatUsd(order.balanceCents)} ({formatIdr(order.balanceIdr)}) ·{" "}
                {t(order.paymentStatus === "SUCCEEDED" ? "summary.partPaid" : "summary.partLater")}
              </dd>
            </div>
          </>
        )}
      </dl>

      <div className="mt-2 grid gap-5 border-t border-sand-200 pt-5 sm:grid-cols-2">
        {order.deliveryOption === "PICKUP" ? (
          // Nothing is sent for a pickup: the workshop is where the hat is, the buyer is who collects it.
          <>
            <div>
              <Sub className={sub}>{t("summary.pickup")}</Sub>
              <address className="mt-2 not-italic leading-relaxed text-ink-700">
                <span className="block font-medium text-ink-900">{shop.name}</span>
                {addressLines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </div>
            <div>
              <Sub className={sub}>{t("summary.contact")}</Sub>
              <p className="mt-2 leading-relaxed text-ink-700 [overflow-wrap:anywhere]">
                <span className="block font-medium text-ink-900">{a.fullName}</span>
                <span className="block text-sm">{a.phone}</span>
                <span className="block text-sm">{a.email}</span>
              </p>
            </div>
          </>
        ) : (
          <div>
            <Sub className={sub}>{t("summary.address")}</Sub>
            <address className="mt-2 not-italic leading-relaxed text-ink-700 [overflow-wrap:anywhere]">
              <span className="block font-medium text-ink-900">{a.fullName}</span>
              <span className="block">{a.addressLine1}</span>
              {a.addressLine2 && <span className="block">{a.addressLine2}</span>}
              <span className="block">{[a.city, a.state, a.postalCode].filter(Boolean).join(", ")}</span>
              <span className="block">{countryName(tn, a.country)}</span>
              <span className="mt-1 block text-sm">{a.phone}</span>
              <span className="block text-sm">{a.email}</span>
            </address>
          </div>
        )}
        <div>
          <Sub className={sub}>{t("summary.paymentMethod")}</Sub>
          <p className="mt-2 font-medium">{paymentMethodName(order.paymentMethod, locale)}</p>
        </div>
      </div>
    </section>
  );
}
