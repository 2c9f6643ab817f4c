import { hatTypes, materials, timelines } from "@workshop/domain/custom-order-choices.ts";
import { customOrderFormErrors } from "@workshop/domain/i18n/form-errors.ts";
import type { customOrderRequest } from "@workshop/domain/shop-api/custom-orders.ts";
import { formTakenAnswer } from "@workshop/domain/shop-api/forms.ts";
import { type CustomOrderField, customOrderSchema } from "@workshop/domain/validation/custom-order.ts";
import { fieldMessages } from "@workshop/domain/validation/fields.ts";
import { SelectField } from "@workshop/ui/SelectField.tsx";
import { TextField } from "@workshop/ui/TextField.tsx";
import { useCallback, useEffect, useRef, useState } from "react";
import { data, useNavigation } from "react-router";
import type { z } from "zod";
import { relayHeaders } from "#app/api/client.server.ts";
import { sendForm } from "#app/api/forms.server.ts";
import { Form, Link, useLocalePath } from "#app/components/localized.tsx";
import { pageMeta } from "#app/components/page-meta.ts";
import { ReferencePhotos } from "#app/components/ReferencePhotos.tsx";
import { type FieldMessages, useFormVerdict } from "#app/components/useFormVerdict.ts";
import { useHydrated } from "#app/components/useHydrated.ts";
import { translator, useLocale, useT } from "#app/i18n/core.ts";
import { custom } from "#app/i18n/custom.ts";
import { publicPage } from "#app/web/cache-policy.ts";
import { localeOf } from "#app/web/locale.ts";
import type { Route } from "./+types/custom";

export const meta: Route.MetaFunction = pageMeta(custom, "/custom");

type ActionResult =
  | { ok: true; at: number }
  | { ok: false; errors: FieldMessages<CustomOrderField>; values: Record<string, string>; failure?: "photo" | "later" };

export const headers: Route.HeadersFunction = publicPage;

/**
 * Sends the request to the API (POST /api/shop/custom-orders), which stores it and mails it; works
 * without JavaScript. With JavaScript the reference photos were uploaded by the browser as they
 * were chosen (ReferencePhotos), and the form carries their ids (`referenceImages`), sent on as they are.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (key !== "referenceImages" && typeof value === "string") values[key] = value.slice(0, 6000);
  const photos = form.getAll("referenceImages").filter((v): v is string => typeof v === "string");
  const locale = localeOf(request);
  // The browser makes this check before it sends; made again for a page sent without JavaScript, so
  // that text the API's JSON refuses whole (a NUL) is told beside its field. The API checks again.
  const parsed = customOrderSchema.safeParse({ ...values, referenceImages: photos });
  if (!parsed.success) {
    const errors = fieldMessages<CustomOrderField>(parsed.error, customOrderFormErrors, locale);
    return data<ActionResult>({ ok: false, errors, values }, { status: 400 });
  }
  const order: z.input<typeof customOrderRequest> = { ...parsed.data, lang: locale };
  const sent = await sendForm(request, "/api/shop/custom-orders", order, formTakenAnswer);
  if ("unavailable" in sent) return data<ActionResult>({ ok: false, errors: {}, values, failure: "later" }, { status: 503 });
  if ("refused" in sent) {
    // A photo the API could not take (already used, expired, unknown) is the form's failure, to upload again.
    const { referenceImages, ...errors } = sent.refused;
    const failure = referenceImages ? "photo" : Object.keys(errors).length === 0 ? "later" : undefined;
    return data<ActionResult>({ ok: false, errors, values, failure }, { status: 400 });
  }
  return data<ActionResult>({ ok: true, at: Date.now() }, { headers: relayHeaders(sent.taken) });
}

const steps = ["consultation", "design", "crafting", "delivery"] as const;
const questions = ["price", "time", "deposit", "revisions", "shipping", "returns"] as const;

type CustomOrderCheck = typeof import("#app/components/custom-order-check.ts").customOrderProblems;

export default function CustomOrder({ actionData }: Route.ComponentProps) {
  const t = useT(custom);
  const locale = useLocale();
  const navigation = useNavigation();
  const lp = useLocalePath();
  const hydrated = useHydrated();
  const sending = navigation.state === "submitting" && navigation.formAction?.split("#")[0] === lp("/custom");
  const result = actionData as ActionResult | undefined;
  const { formRef, errors, refuse, clear } = useFormVerdict<CustomOrderField>(result);
  const [uploading, setUploading] = useState(false);
  const [waitNotice, setWaitNotice] = useState(false);
  const onBusy = useCallback((busy: boolean) => setUploading(busy), []);

  // The browser's own check comes with the form's first use, not with the page (its schema library
  // is a large part of the page's script); a send before it has come is checked by the action.
  const check = useRef<CustomOrderCheck | null>(null);
  const loadCheck = () => {
    if (!check.current)
      void import("#app/components/custom-order-check.ts").then(({ customOrderProblems }) => (check.current = customOrderProblems));
  };
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const problems = check.current?.(new FormData(e.currentTarget), locale) ?? null;
    setWaitNotice(uploading);
    if (!problems && !uploading) return;
    e.preventDefault();
    if (problems) refuse(problems);
  };
  const message = (field: CustomOrderField) => errors[field];
  const values = result && !result.ok ? result.values : {};
  const failure = result && !result.ok ? result.failure : undefined;
  // Sent: the thank-you takes the form's place (an emptied form invited a second send) and is
  // brought into sight; without JavaScript the form's address (#custom-request) does that.
  const sent = result?.ok === true;
  const thanks = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent) thanks.current?.scrollIntoView({ block: "start" });
  }, [sent]);

  return (
    <div className="container-page py-12 sm:py-16">
      <header className="max-w-2xl">
        <h1 className="text-4xl font-semibold sm:text-5xl">{t("title")}</h1>
        <p className="mt-4 text-lg text-ink-700">{t("intro")}</p>
      </header>

      <section className="mt-12" aria-labelledby="process-title">
        <h2 id="process-title" className="text-2xl font-semibold">
          {t("process.title")}
        </h2>
        <ol className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, i) => (
            <li key={step} className="rounded-2xl bg-sand-100 p-6">
              <span aria-hidden className="flex size-9 items-center justify-center rounded-full bg-ink-900 font-semibold text-sand-50">
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold">{t(`step.${step}`)}</h3>
              <p className="mt-2 text-ink-700">{t(`step.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section id="custom-request" className="mt-14 max-w-3xl scroll-mt-24" aria-labelledby="form-title">
        <h2 id="form-title" className="text-2xl font-semibold">
          {t("form.title")}
        </h2>
        {sent && (
          <div ref={thanks} role="status" className="mt-4 scroll-mt-24 rounded-xl bg-leaf-700 px-5 py-4 text-white">
            <p className="font-semibold">{t("success.title")}</p>
            <p className="mt-1">{t("success.text")}</p>
          </div>
        )}
        {sent && (
          <Link to="/custom" className="btn-secondary mt-6">
            {t("success.another")}
          </Link>
        )}
        {failure && (
          <p role="alert" className="mt-4 rounded-xl bg-red-50 px-5 py-4 text-red-800">
            {t("failure.text")}
            {failure === "photo" ? translator(customOrderFormErrors, locale)("photo") : t("failure.later")}
          </p>
        )}
        <Form
          method="post"
          action="/custom#custom-request"
          ref={formRef}
          noValidate
          onFocus={loadCheck}
          onSubmit={onSubmit}
          className={sent ? "hidden" : "mt-6 space-y-8"}
        >
          <fieldset className="space-y-5">
            <legend className="text-lg font-semibold">{t("form.personal")}</legend>
            <TextField
              name="name"
              label={t("form.name")}
              autoComplete="name"
              maxLength={100}
              defaultValue={values.name}
              error={message("name")}
              onEdit={clear}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                name="email"
                type="email"
                label={t("form.email")}
                autoComplete="email"
                maxLength={254}
                defaultValue={values.email}
                error={message("email")}
                onEdit={clear}
              />
              <TextField
                name="phone"
                type="tel"
                required={false}
                label={t("form.phone")}
                autoComplete="tel"
                maxLength={40}
                defaultValue={values.phone}
                error={message("phone")}
                onEdit={clear}
              />
            </div>
          </fieldset>

          <fieldset className="space-y-5">
            <legend className="text-lg font-semibold">{t("form.hat")}</legend>
            <div className="grid gap-5 sm:grid-cols-2">
              <SelectField
                name="hatType"
                label={t("form.hatType")}
                placeholder={t("form.choose")}
                options={hatTypes.map((v) => ({ value: v, label: t(`hatType.${v}`) }))}
                defaultValue={values.hatType}
                error={message("hatType")}
                onEdit={clear}
              />
              <SelectField
                name="material"
                label={t("form.material")}
                placeholder={t("form.choose")}
                options={materials.map((v) => ({ value: v, label: t(`material.${v}`) }))}
                defaultValue={values.material}
                error={message("material")}
                onEdit={clear}
              />
              <TextField
                name="size"
                label={t("form.size")}
                hint={t("form.size.hint")}
                maxLength={60}
                defaultValue={values.size}
                error={message("size")}
                onEdit={clear}
              />
              <TextField
                name="color"
                required={false}
                label={t("form.color")}
                maxLength={100}
                defaultValue={values.color}
                error={message("color")}
                onEdit={clear}
              />
              <TextField
                name="budget"
                required={false}
                label={t("form.budget")}
                hint={t("form.budget.hint")}
                maxLength={100}
                defaultValue={values.budget}
                error={message("budget")}
                onEdit={clear}
              />
              <SelectField
                name="timeline"
                label={t("form.timeline")}
                placeholder={t("form.choose")}
                options={timelines.map((v) => ({ value: v, label: t(`timeline.${v}`) }))}
                defaultValue={values.timeline}
                error={message("timeline")}
                onEdit={clear}
              />
            </div>
            <TextField
              name="details"
              multiline
              label={t("form.details")}
              hint={t("form.details.hint")}
              maxLength={5000}
              defaultValue={values.details}
              error={message("details")}
              onEdit={clear}
            />
            {hydrated ? (
              <ReferencePhotos onBusy={onBusy} resetKey={result?.ok ? result.at : null} />
            ) : (
              <div>
                <p className="text-sm font-medium text-ink-900">{t("form.photos")}</p>
                <p className="mt-1 text-sm text-ink-500">{t("form.photos.noscript")}</p>
              </div>
            )}
            {errors.referenceImages && (
              <p role="alert" className="text-sm text-red-700">
                {message("referenceImages")}
              </p>
            )}
          </fieldset>

          {waitNotice && uploading && (
            <p role="alert" className="text-sm text-red-700">
              {t("form.photos.wait")}
            </p>
          )}
          <button type="submit" className="btn-primary" disabled={sending}>
            {sending ? t("form.sending") : t("form.submit")}
          </button>
        </Form>
      </section>

      <section className="mt-16 max-w-3xl" aria-labelledby="faq-title">
        <h2 id="faq-title" className="text-2xl font-semibold">
          {t("faq.title")}
        </h2>
        <dl className="mt-6 divide-y divide-sand-200">
          {questions.map((q) => (
            <div key={q} className="py-4">
              <dt className="font-semibold">{t(`faq.${q}.q`)}</dt>
              <dd className="mt-1 text-ink-700">{t(`faq.${q}.a`)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
