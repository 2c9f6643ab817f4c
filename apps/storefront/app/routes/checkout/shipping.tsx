import { readCheckout } from "@workshop/api/checkout/session.ts";
import { checkoutSummary, missingStep, saveAddress } from "@workshop/api/checkout/steps.ts";
import { countries } from "@workshop/domain/countries.ts";
import { type AddressField, shippingAddressSchema } from "@workshop/domain/validation/address.ts";
import { type FieldErrors, fieldErrors } from "@workshop/domain/validation/fields.ts";
import { SelectField } from "@workshop/ui/SelectField.tsx";
import { TextField } from "@workshop/ui/TextField.tsx";
import { useEffect, useState } from "react";
import { data, useNavigation } from "react-router";
import { CheckoutLayout } from "#app/components/checkout/CheckoutLayout.tsx";
import { CheckoutSummary } from "#app/components/checkout/CheckoutSummary.tsx";
import { Form } from "#app/components/localized.tsx";
import { checkout } from "#app/i18n/checkout.ts";
import { metaLocale, translator, useT } from "#app/i18n/core.ts";
import { countryNames } from "#app/i18n/countries.ts";
import { localeOf, redirectIn } from "#app/web/locale.ts";
import type { Route } from "./+types/shipping";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translator(checkout, metaLocale(matches))("address.title") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const checkoutData = await readCheckout(request);
  const back = missingStep(checkoutData, "shipping");
  if (back) throw redirectIn(request, back);
  return {
    address: checkoutData?.shippingAddress ?? null,
    summary: await checkoutSummary(checkoutData ?? null, localeOf(request)),
    missingPrevious: new URL(request.url).searchParams.has("missing"),
  };
}

type ActionResult = { errors: FieldErrors<AddressField>; values: Record<string, string> };

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const values = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, typeof v === "string" ? v.slice(0, 1000) : ""]));
  const parsed = shippingAddressSchema.safeParse(values);
  if (!parsed.success) return data<ActionResult>({ errors: fieldErrors<AddressField>(parsed.error), values }, { status: 400 });
  const current = await readCheckout(request);
  if (missingStep(current, "shipping")) throw redirectIn(request, "/checkout/confirmation");
  await saveAddress(request, parsed.data, current);
  return redirectIn(request, "/checkout/shipping-options");
}

/** The shipping address form: checked in the browser when JavaScript runs, always on the server. */
export default function Shipping({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(checkout);
  const tc = useT(countryNames);
  const navigation = useNavigation();
  const result = actionData as ActionResult | undefined;
  const [clientErrors, setErrors] = useState<FieldErrors<AddressField> | null>(null);
  const errors = clientErrors ?? result?.errors ?? {};
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer from the server is the trigger
  useEffect(() => setErrors(null), [result]);

  const values: Partial<Record<AddressField, string>> = result?.values ?? loaderData.address ?? {};
  const message = (field: AddressField) => (errors[field] ? t(`field.${errors[field]}`) : undefined);
  const clear = (name: string) => {
    if (errors[name as AddressField]) setErrors({ ...errors, [name]: undefined });
  };
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const parsed = shippingAddressSchema.safeParse(Object.fromEntries(new FormData(e.currentTarget)));
    if (parsed.success) return;
    e.preventDefault();
    setErrors(fieldErrors<AddressField>(parsed.error));
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
