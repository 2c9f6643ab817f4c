import { countries } from "@workshop/domain/countries.ts";
import { addressRefusal, addressStepAnswer, nextAnswer } from "@workshop/domain/shop-api/checkout.ts";
import {
  type AddressField,
  type AddressFieldTexts,
  addressFields,
  addressFieldTexts,
  shippingAddressSchema,
} from "@workshop/domain/validation/address.ts";
import { SelectField } from "@workshop/ui/SelectField.tsx";
import { TextField } from "@workshop/ui/TextField.tsx";
import { useEffect, useState } from "react";
import { data, useNavigation } from "react-router";
import { ApiRefusal, apiCall, apiGet } from "#app/api/client.server.ts";
import { CheckoutLayout } from "#app/components/checkout/CheckoutLayout.tsx";
import { CheckoutSummary } from "#app/components/checkout/CheckoutSummary.tsx";
import { Form } from "#app/components/localized.tsx";
import { checkout } from "#app/i18n/checkout.ts";
import { metaLocale, translator, useLocale, useT } from "#app/i18n/core.ts";
import { countryNames } from "#app/i18n/countries.ts";
import { localeOf, redirectIn } from "#app/web/locale.ts";
import type { Route } from "./+types/shipping";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translator(checkout, metaLocale(matches))("address.title") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const step = await apiGet(request, `/api/shop/checkout/address?lang=${localeOf(request)}`, addressStepAnswer);
  if ("next" in step) throw redirectIn(request, step.next);
  return { ...step, missingPrevious: new URL(request.url).searchParams.has("missing") };
}

type ActionResult = { errors: AddressFieldTexts; values: Record<string, string> };

/**
 * Checks the address as the browser does (the fields' messages in the page's language), then the
 * API saves it and names the next step: the delivery options, or the first step without a hat.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries(
    addressFields.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value.slice(0, 1000) : ""];
    }),
  );
  const locale = localeOf(request);
  const parsed = shippingAddressSchema.safeParse(values);
  if (!parsed.success) return data<ActionResult>({ errors: addressFieldTexts(parsed.error, locale), values }, { status: 400 });
  try {
    const { data: answer } = await apiCall(request, "/api/shop/checkout/address", {
      method: "POST",
      body: { ...values, lang: locale },
      answer: nextAnswer,
    });
    return redirectIn(request, answer.next);
  } catch (error) {
    // The API checks the address again: what it refuses comes back with each field's message.
    if (!(error instanceof ApiRefusal)) throw error;
    const refused = addressRefusal.safeParse({ error: error.message, details: error.details });
    if (error.status !== 400 || !refused.success) throw data(null, { status: error.status });
    return data<ActionResult>({ errors: refused.data.details, values }, { status: 400 });
  }
}

/** The shipping address form: checked in the browser when JavaScript runs, always on the server. */
export default function Shipping({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(checkout);
  const tc = useT(countryNames);
  const navigation = useNavigation();
  const locale = useLocale();
  const result = actionData as ActionResult | undefined;
  const [clientErrors, setErrors] = useState<AddressFieldTexts | null>(null);
  const errors = clientErrors ?? result?.errors ?? {};
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer from the server is the trigger
  useEffect(() => setErrors(null), [result]);

  const values: Partial<Record<AddressField, string>> = result?.values ?? loaderData.address ?? {};
  const message = (field: AddressField) => errors[field];
  const clear = (name: string) => {
    if (errors[name as AddressField]) setErrors({ ...errors, [name]: undefined });
  };
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const parsed = shippingAddressSchema.safeParse(Object.fromEntries(new FormData(e.currentTarget)));
    if (parsed.success) return;
    e.preventDefault();
    setErrors(addressFieldTexts(parsed.error, locale));
  };
  const field = (name: AddressField, extra: Partial<React.ComponentProps<typeof TextField>> = {}) => (
    <TextField name={name} label={t(`address.${name}`)} defaultValue={values[name]} error={message(name)} onEdit={clear} {...extra} />
  );

  return (
    <CheckoutLayout step={2} summary={<CheckoutSummary {...loaderData.summary} />}>
      <h1 className="text-3xl font-semibold sm:text-4xl">{t("address.title")}</h1>
      <p className="mt-2 text-ink-700">{t("address.intro")}</p>
      {loaderData.missingPrevious && (
        <p role="alert" className="mt-4 rounded-xl bg-amber-50 px-4 py-3 text-amber-900">
          {t("missing.previous")}
        </p>
      )}
      <Form method="post" noValidate onSubmit={onSubmit} className="mt-8 space-y-5">
        {field("fullName", { autoComplete: "name", maxLength: 120 })}
        <div className="grid gap-5 sm:grid-cols-2">
          {field("email", { type: "email", autoComplete: "email", maxLength: 254 })}
          {field("phone", { type: "tel", autoComplete: "tel", maxLength: 40 })}
        </div>
        {field("addressLine1", { autoComplete: "address-line1", maxLength: 200 })}
        {field("addressLine2", { autoComplete: "address-line2", maxLength: 200, required: false })}
        <div className="grid gap-5 sm:grid-cols-2">
          {field("city", { autoComplete: "address-level2", maxLength: 100 })}
          {field("state", { autoComplete: "address-level1", maxLength: 100 })}
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          {field("postalCode", { autoComplete: "postal-code", maxLength: 20 })}
          <SelectField
            name="country"
            label={t("address.country")}
            placeholder={t("address.chooseCountry")}
            options={countries.map((c) => ({ value: c, label: tc(c) }))}
            defaultValue={values.country}
            autoComplete="country-name"
            error={message("country")}
            onEdit={clear}
          />
        </div>
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
          {t("address.continue")}
        </button>
      </Form>
    </CheckoutLayout>
  );
}
