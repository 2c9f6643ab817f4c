import { OVER_THE_COUNTER_CAP_MESSAGE, type PaymentMethodType, paymentMethodName } from "@workshop/domain/payment-methods.ts";
import { paymentNextAnswer, paymentStepAnswer } from "@workshop/domain/shop-api/checkout.ts";
import { useState } from "react";
import { data, isRouteErrorResponse, redirectDocument, useNavigation, useRouteError } from "react-router";
import { ApiRefusal, apiCall, apiGet } from "#app/api/client.server.ts";
import { CheckoutLayout } from "#app/components/checkout/CheckoutLayout.tsx";
import { CheckoutSummary } from "#app/components/checkout/CheckoutSummary.tsx";
import { ErrorPage, errorKindOf } from "#app/components/ErrorPage.tsx";
import { Form, Link } from "#app/components/localized.tsx";
import { PaymentLogoImage } from "#app/components/PaymentLogo.tsx";
import { checkout } from "#app/i18n/checkout.ts";
import { metaLocale, translator, useLocale, useT } from "#app/i18n/core.ts";
import { localeOf, redirectIn } from "#app/web/locale.ts";
import type { Route } from "./+types/payment";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translator(checkout, metaLocale(matches))("payment.title") },
  { name: "robots", content: "noindex" },
];

/**
 * A refusal's own headers reach the page: Retry-After when the API refuses an order past the
 * client's limit (429). React Router passes them to the headers of the route whose boundary shows
 * the error, so this route has its own (the same pages as the root's).
 */
export const headers: Route.HeadersFunction = ({ errorHeaders }) => errorHeaders ?? new Headers();

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage kind={errorKindOf(status)} />;
}

export async function loader({ request }: Route.LoaderArgs) {
  const step = await apiGet(request, `/api/shop/checkout/payment?lang=${localeOf(request)}`, paymentStepAnswer);
  if ("next" in step) throw redirectIn(request, step.next);
  return step;
}

/** The API places the order (or takes the unpaid one this browser is paying), starts its payment and names where it is paid. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 50) : "";
  };
  try {
    const { data: answer } = await apiCall(request, "/api/shop/checkout/payment", {
      method: "POST",
      body: { paymentMethod: text("paymentMethod"), orderId: text("orderId") || null, lang: localeOf(request) },
      answer: paymentNextAnswer,
    });
    return goTo(request, answer.next);
  } catch (error) {
    if (error instanceof ApiRefusal) return data({ error: error.message }, { status: error.status });
    throw error;
  }
}

/** The provider's pages are not this app's routes, even when the sandbox serves them on this host. */
const goTo = (request: Request, url: string) => (url.startsWith("/checkout/") ? redirectIn(request, url) : redirectDocument(url));

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(checkout);
  const locale = useLocale();
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
        {!loaderData.orderNumber && (
          <Link to="/checkout/shipping-options" className="font-semibold text-clay-700 underline underline-offset-4">
            {t("back")}
          </Link>
        )}
      </p>
      {loaderData.sandbox && (
        <p className="mt-4 inline-block rounded-full bg-sand-200 px-3 py-1 text-xs font-semibold text-ink-700">{t("payment.sandbox")}</p>
      )}
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
                  <span className="text-sm font-medium">{paymentMethodName(m.code, locale)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        {(capHit || shownError) && (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-red-800">
            {capHit ? t("payment.otcCap") : shownError}
          </p>
        )}
        <button
          type="submit"
          className="btn-primary w-full py-4 text-base sm:w-auto sm:px-12"
          disabled={navigation.state === "submitting" || capHit}
        >
          {navigation.state === "submitting" ? t("payment.placing") : loaderData.orderNumber ? t("payment.pay") : t("payment.place")}
        </button>
      </Form>
    </CheckoutLayout>
  );
}
