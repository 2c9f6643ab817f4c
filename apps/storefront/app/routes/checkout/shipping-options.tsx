import { productionTimeText } from "@workshop/domain/custom-quote.ts";
import { makingDays } from "@workshop/domain/delivery.ts";
import { formatUsd } from "@workshop/domain/money.ts";
import { deliveryStepAnswer, nextAnswer } from "@workshop/domain/shop-api/checkout.ts";
import { workingDaysText } from "@workshop/domain/working-days-text.ts";
import { useState } from "react";
import { data, useSubmit } from "react-router";
import { ApiRefusal, apiCall, apiGet } from "#app/api/client.server.ts";
import { CheckoutLayout } from "#app/components/checkout/CheckoutLayout.tsx";
import { CheckoutSummary } from "#app/components/checkout/CheckoutSummary.tsx";
import { Form, Link } from "#app/components/localized.tsx";
import { PickupHours } from "#app/components/OpeningHours.tsx";
import { checkout } from "#app/i18n/checkout.ts";
import { metaLocale, translator, useLocale, useT } from "#app/i18n/core.ts";
import { countryNames } from "#app/i18n/countries.ts";
import { deliveryTexts } from "#app/i18n/delivery.ts";
import { localeOf, redirectIn } from "#app/web/locale.ts";
import type { Route } from "./+types/shipping-options";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translator(checkout, metaLocale(matches))("delivery.title") },
  { name: "robots", content: "noindex" },
];

/** SPEC: Continue waits 500 ms before moving on, so the choice is seen to be taken. */
const CONTINUE_DELAY_MS = 500;

/** The options for the saved address, with their costs and days as the API computed and wrote them. */
export async function loader({ request }: Route.LoaderArgs) {
  const step = await apiGet(request, `/api/shop/checkout/delivery?lang=${localeOf(request)}`, deliveryStepAnswer);
  if ("next" in step) throw redirectIn(request, step.next);
  return { ...step, missingPrevious: new URL(request.url).searchParams.has("missing") };
}

export async function action({ request }: Route.ActionArgs) {
  const option = (await request.formData()).get("deliveryOption");
  try {
    const { data: answer } = await apiCall(request, "/api/shop/checkout/delivery", {
      method: "POST",
      body: { deliveryOption: typeof option === "string" ? option.slice(0, 100) : "", lang: localeOf(request) },
      answer: nextAnswer,
    });
    return redirectIn(request, answer.next);
  } catch (error) {
    if (error instanceof ApiRefusal) return data({ error: error.message }, { status: error.status });
    throw error;
  }
}

export default function ShippingOptions({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(checkout);
  const tc = useT(countryNames);
  const td = useT(deliveryTexts);
  const locale = useLocale();
  const submit = useSubmit();
  const [selected, setSelected] = useState<string | null>(loaderData.chosen);
  const [clientError, setClientError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const serverError = actionData?.error;
  const error = clientError ?? (serverError === "Please select a delivery option" ? t("delivery.select") : serverError);
  const chosen = loaderData.options.find((o) => o.id === selected);
  // The making time the API counted each option's days from: a custom hat's quote, a hat made to
  // order's stages (working days), or a ready hat's business days.
  const { customHat, makingWorkingDays } = loaderData.summary;
  const making = customHat
    ? td("makingCustom", { time: productionTimeText(customHat.productionTime, locale) })
    : makingWorkingDays !== null
      ? td("makingWorkingDays", { days: workingDaysText(makingWorkingDays, locale) })
      : td("making", makingDays);

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!selected) {
      setClientError(t("delivery.select"));
      return;
    }
    const form = e.currentTarget;
    setSaving(true);
    setTimeout(() => submit(form), CONTINUE_DELAY_MS);
  };

  return (
    <CheckoutLayout
      step={2}
      summary={
        <CheckoutSummary
          {...loaderData.summary}
          deliveryCents={chosen?.costCents ?? null}
          totalCents={chosen?.totalCents ?? loaderData.summary.totalCents}
        />
      }
    >
      <h1 className="text-3xl font-semibold sm:text-4xl">{t("delivery.title")}</h1>
      <p className="mt-2 text-ink-700">
        {t("delivery.intro", { city: loaderData.address.city, country: tc(loaderData.address.country as keyof typeof countryNames.en) })}{" "}
        <Link to="/checkout/shipping" className="font-semibold text-clay-700 underline underline-offset-4">
          {t("address.change")}
        </Link>
      </p>
      {loaderData.missingPrevious && (
        <p role="alert" className="mt-4 rounded-xl bg-amber-50 px-4 py-3 text-amber-900">
          {t("missing.previous")}
        </p>
      )}
      <Form method="post" onSubmit={onSubmit} className="mt-8">
        <fieldset>
          <legend className="sr-only">{t("delivery.title")}</legend>
          <div className="space-y-3">
            {loaderData.options.map((o) => (
              <label
                key={o.id}
                className={`flex cursor-pointer items-start gap-4 rounded-2xl border bg-white p-5 transition ${
                  selected === o.id ? "border-ink-900 ring-2 ring-ink-900/10" : "border-sand-300 hover:border-ink-700"
                }`}
              >
                <input
                  type="radio"
                  name="deliveryOption"
                  value={o.id}
                  defaultChecked={loaderData.chosen === o.id}
                  onChange={() => {
                    setSelected(o.id);
                    setClientError(null);
                  }}
                  className="mt-1 size-4 accent-ink-900"
                />
                <span className="flex-1">
                  <span className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-semibold">{td(`${o.id}.name`)}</span>
                    <span className="font-semibold">
                      {o.costCents === 0 ? `${formatUsd(0)} · ${t("delivery.free")}` : formatUsd(o.costCents)}
                    </span>
                  </span>
                  <span className="mt-1 block text-sm text-ink-700">{td(`${o.id}.description`)}</span>
                  <span className="mt-2 block text-sm text-ink-700">
                    {making} · {td("delivery", { days: td(`${o.id}.days`, o.carrierDays ?? undefined) })}
                  </span>
                  <span className="mt-1 block text-sm font-medium text-ink-900">
                    {o.carrierDays
                      ? td("arrives", o.window)
                      : o.window.from === o.window.to
                        ? td("readyFrom", { day: o.window.from })
                        : td("ready", o.window)}
                  </span>
                  {!o.carrierDays && <PickupHours className="mt-1 block text-sm text-ink-700" />}
                  <span className="mt-1 block text-xs text-ink-500">
                    {o.trackingAvailable ? t("delivery.tracking") : t("delivery.noTracking")}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {error && (
          <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-red-800">
            {error}
          </p>
        )}
        <button type="submit" className="btn-primary mt-8" disabled={saving}>
          {saving ? t("delivery.saving") : t("delivery.continue")}
        </button>
      </Form>
    </CheckoutLayout>
  );
}
