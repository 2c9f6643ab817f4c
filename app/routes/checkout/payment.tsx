import { useState } from "react";
import { Form, Link, redirect, redirectDocument, useNavigation } from "react-router";
import type { Route } from "./+types/payment";
import { deliveryCostCents, regionOf } from "../../../lib/delivery.ts";
import { centsToIdr, formatIdr, formatRate } from "../../../lib/money.ts";
import { OVER_THE_COUNTER_CAP_IDR, OVER_THE_COUNTER_CAP_MESSAGE, paymentMethods, type PaymentMethod, type PaymentMethodType } from "../../../lib/payment-methods.ts";
import { readCheckout } from "../../../server/checkout/session.ts";
import { checkoutProduct, missingStep, orderToPay, placeCheckoutOrder } from "../../../server/checkout/steps.ts";
import { nextUrl, startPayment } from "../../../server/payments/payment-requests.ts";
import { isPaidOnline, xenditMethodOf } from "../../../server/payments/xendit/channels.ts";
import { actionError, AppError } from "../../../server/errors.ts";
import { localeOf } from "../../../server/locale.ts";
import { usdToIdrRate } from "../../../server/payments/fx-rate.ts";
import { paymentsSandbox } from "../../../server/payments/mode.ts";
import { CheckoutLayout } from "../../components/checkout/CheckoutLayout";
import { CheckoutSummary } from "../../components/checkout/CheckoutSummary";
import { PaymentLogoImage } from "../../components/PaymentLogo";
import { checkout } from "../../i18n/checkout";
import { metaLocale, translator, useT } from "../../i18n/core";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translator(checkout, metaLocale(matches))("payment.title") },
  { name: "robots", content: "noindex" },
];

const groupOrder: PaymentMethodType[] = ["CARD", "VIRTUAL_ACCOUNT", "OVER_THE_COUNTER", "QR_CODE", "EWALLET", "PAYLATER", "CASH_IN_STORE", "TEST_CARD"];

export async function loader({ request }: Route.LoaderArgs) {
  const checkoutData = await readCheckout(request);
  const sandbox = paymentsSandbox();
  // Paying a placed order again (after a failed or abandoned payment): its own amounts, online methods only.
  const unpaid = checkoutData?.productId ? null : await orderToPay(checkoutData);
  if (unpaid) {
    return {
      groups: methodGroups((m) => isPaidOnline(m.code)),
      sandbox,
      overCap: unpaid.totalIdr > OVER_THE_COUNTER_CAP_IDR,
      orderNumber: unpaid.orderNumber,
      summary: {
        productName: unpaid.productName,
        size: unpaid.size,
        priceCents: unpaid.priceCents,
        deliveryCents: unpaid.deliveryCostCents,
        idr: { amount: formatIdr(unpaid.totalIdr), rate: formatRate(unpaid.usdToIdrRate) },
      },
    };
  }
  const back = missingStep(checkoutData, "payment");
  if (back || !checkoutData?.shippingAddress || !checkoutData.deliveryOption) throw redirect(back ?? "/checkout/shipping-options");
  const product = await checkoutProduct(checkoutData);
  if (!product || !product.inStock) throw redirect("/checkout/confirmation");
  const deliveryCents = deliveryCostCents(checkoutData.deliveryOption);
  const { rate } = await usdToIdrRate();
  const totalIdr = centsToIdr(product.priceCents + deliveryCents, rate);
  const bali = regionOf(checkoutData.shippingAddress) === "bali";
  return {
    groups: methodGroups((m) => (m.type !== "CASH_IN_STORE" || bali) && (m.type !== "TEST_CARD" || sandbox)),
    sandbox,
    overCap: totalIdr > OVER_THE_COUNTER_CAP_IDR,
    orderNumber: null,
    summary: {
      productName: product.name,
      size: checkoutData.selectedSize ?? null,
      priceCents: product.priceCents,
      deliveryCents,
      idr: { amount: formatIdr(totalIdr), rate: formatRate(rate) },
    },
  };
}

function methodGroups(offered: (m: PaymentMethod) => boolean) {
  const methods = paymentMethods.filter(offered);
  return groupOrder
    .map((type) => ({ type, methods: methods.filter((m) => m.type === type).map(({ code, name, logo }) => ({ code, name, logo })) }))
    .filter((g) => g.methods.length > 0);
}

/**
 * Places the order (or takes the unpaid one this browser is paying), then starts its payment:
 * Xendit's page for cards, wallets and pay-later, the QR page, or the payment instructions.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const field = form.get("paymentMethod");
  const code = typeof field === "string" ? field.slice(0, 50) : "";
  try {
    const checkoutData = await readCheckout(request);
    const unpaid = checkoutData?.productId ? null : await orderToPay(checkoutData);
    if (unpaid) {
      const method = code ? xenditMethodOf(code) : null;
      if (!method) throw new AppError("invalid", code ? `Invalid payment method: ${code}` : "Please select a payment method");
      return goTo(nextUrl(await startPayment(unpaid.id, method)));
    }
    const order = await placeCheckoutOrder(request, code, localeOf(request));
    const method = xenditMethodOf(order.paymentMethod);
    if (!method) return redirect(`/checkout/success?order_id=${order.id}`);
    return goTo(nextUrl(await startPayment(order.id, method)));
  } catch (error) {
    return actionError(error);
  }
}

/** The provider's pages are not this app's routes, even when the sandbox serves them on this host. */
const goTo = (url: string) => (url.startsWith("/checkout/") ? redirect(url) : redirectDocument(url));

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(checkout);
  const navigation = useNavigation();
  const [selected, setSelected] = useState<{ code: string; type: PaymentMethodType } | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const capHit = loaderData.overCap && selected?.type === "OVER_THE_COUNTER";
  const serverError = actionData?.error;
  const shownError =
    clientError ??
    (serverError === OVER_THE_COUNTER_CAP_MESSAGE
      ? t("payment.otcCap")
      : serverError === "Please select a payment method"
        ? t("payment.select")
        : serverError);

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    if (!selected) {
      e.preventDefault();
      setClientError(t("payment.select"));
    } else if (capHit) {
      e.preventDefault();
    }
  };

  return (
    <CheckoutLayout step={3} summary={<CheckoutSummary {...loaderData.summary} />}>
      <h1 className="text-3xl font-semibold sm:text-4xl">{t("payment.title")}</h1>
      <p className="mt-2 text-ink-700">
        {loaderData.orderNumber ? t("payment.payingOrder", { number: loaderData.orderNumber }) : t("payment.intro")}{" "}
        {!loaderData.orderNumber && <Link to="/checkout/shipping-options" className="font-semibold text-clay-700 underline underline-offset-4">{t("back")}</Link>}
      </p>
      {loaderData.sandbox && <p className="mt-4 inline-block rounded-full bg-sand-200 px-3 py-1 text-xs font-semibold text-ink-700">{t("payment.sandbox")}</p>}
      <Form method="post" onSubmit={onSubmit} className="mt-8 space-y-8">
        {loaderData.groups.map((group) => (
          <fieldset key={group.type}>
            <legend className="text-sm font-semibold uppercase tracking-wider text-ink-500">{t(`payment.group.${group.type}`)}</legend>
            {group.type === "CASH_IN_STORE" && <p className="mt-1 text-sm text-ink-700">{t("payment.cashNote")}</p>}
            {group.type === "TEST_CARD" && <p className="mt-1 text-sm text-ink-700">{t("payment.testNote")}</p>}
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              {group.methods.map((m) => (
                <label
                  key={m.code}
                  className={`flex cursor-pointer items-center gap-3 rounded-xl border bg-white p-3 transition ${
                    selected?.code === m.code ? "border-ink-900 ring-2 ring-ink-900/10" : "border-sand-300 hover:border-ink-700"
                  }`}
                >
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={m.code}
                    onChange={() => {
                      setSelected({ code: m.code, type: group.type });
                      setClientError(null);
                    }}
                    className="size-4 accent-ink-900"
                  />
                  <PaymentLogoImage code={m.logo} className="h-8 w-12 shrink-0" />
                  <span className="text-sm font-medium">{m.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        {(capHit || shownError) && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-red-800">{capHit ? t("payment.otcCap") : shownError}</p>
        )}
        <button type="submit" className="btn-primary w-full py-4 text-base sm:w-auto sm:px-12" disabled={navigation.state === "submitting" || capHit}>
          {navigation.state === "submitting" ? t("payment.placing") : loaderData.orderNumber ? t("payment.pay") : t("payment.place")}
        </button>
      </Form>
    </CheckoutLayout>
  );
}
