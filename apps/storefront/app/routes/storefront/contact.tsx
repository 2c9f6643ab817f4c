import { contactFormErrors } from "@workshop/domain/i18n/form-errors.ts";
import { facebookUrl, instagramUrl, shop, telegramUrl, whatsappUrl } from "@workshop/domain/shop.ts";
import type { contactRequest } from "@workshop/domain/shop-api/contact.ts";
import { formTakenAnswer } from "@workshop/domain/shop-api/forms.ts";
import { type ContactField, contactSchema } from "@workshop/domain/validation/contact.ts";
import { fieldMessages } from "@workshop/domain/validation/fields.ts";
import { TextField } from "@workshop/ui/TextField.tsx";
import { data, useNavigation } from "react-router";
import type { z } from "zod";
import { relayHeaders } from "#app/api/client.server.ts";
import { sendForm } from "#app/api/forms.server.ts";
import { MailIcon, PhoneIcon } from "#app/components/Icons.tsx";
import { Form, useLocalePath } from "#app/components/localized.tsx";
import { pageMeta } from "#app/components/page-meta.ts";
import { type FieldMessages, useFormVerdict } from "#app/components/useFormVerdict.ts";
import { VisitInfo } from "#app/components/VisitInfo.tsx";
import { common } from "#app/i18n/common.ts";
import { contact } from "#app/i18n/contact.ts";
import { useLocale, useT } from "#app/i18n/core.ts";
import { publicPage } from "#app/web/cache-policy.ts";
import { localeOf } from "#app/web/locale.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = pageMeta(contact, "/contact");

type ActionResult = { ok: true } | { ok: false; errors: FieldMessages<ContactField>; values: Record<string, string>; failed?: boolean };

export const headers: Route.HeadersFunction = publicPage;

/** Sends the message to the API (POST /api/shop/contact), which stores it for the shop's inbox; works without JavaScript. */
export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const values = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, typeof v === "string" ? v.slice(0, 6000) : ""]));
  const locale = localeOf(request);
  // The browser makes this check before it sends; made again for a page sent without JavaScript, so
  // that text the API's JSON refuses whole (a NUL) is told beside its field. The API checks again.
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) {
    return data<ActionResult>(
      { ok: false, errors: fieldMessages<ContactField>(parsed.error, contactFormErrors, locale), values },
      { status: 400 },
    );
  }
  const message: z.input<typeof contactRequest> = { ...parsed.data, lang: locale };
  const sent = await sendForm(request, "/api/shop/contact", message, formTakenAnswer);
  // A refusal that names no field is the form's failure, as the API's failing is.
  if ("refused" in sent)
    return data<ActionResult>({ ok: false, errors: sent.refused, values, failed: Object.keys(sent.refused).length === 0 }, { status: 400 });
  if ("unavailable" in sent) return data<ActionResult>({ ok: false, errors: {}, values, failed: true }, { status: 503 });
  return data<ActionResult>({ ok: true }, { headers: relayHeaders(sent.taken) });
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const t = useT(contact);
  const tc = useT(common);
  const locale = useLocale();
  const navigation = useNavigation();
  const lp = useLocalePath();
  const sending = navigation.state === "submitting" && navigation.formAction === lp("/contact");
  const result = actionData as ActionResult | undefined;
  const { formRef, errors, refuse, clear } = useFormVerdict<ContactField>(result);

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const parsed = contactSchema.safeParse(Object.fromEntries(new FormData(e.currentTarget)));
    if (parsed.success) return;
    e.preventDefault();
    refuse(fieldMessages<ContactField>(parsed.error, contactFormErrors, locale));
  };
  const message = (field: ContactField) => errors[field];
  const values = result && !result.ok ? result.values : {};

  return (
    <div className="container-page py-12 sm:py-16">
      <header className="max-w-2xl">
        <h1 className="text-4xl font-semibold sm:text-5xl">{t("title")}</h1>
        <p className="mt-4 text-lg text-ink-700">{t("intro")}</p>
      </header>

      <div className="mt-12 grid gap-12 lg:grid-cols-5">
        <section className="lg:col-span-3" aria-labelledby="form-title">
          <h2 id="form-title" className="text-2xl font-semibold">
            {t("form.title")}
          </h2>
          {result?.ok && (
            <p role="status" className="mt-4 rounded-xl bg-leaf-700 px-5 py-4 text-white">
              {t("form.success")}
            </p>
          )}
          {result && !result.ok && result.failed && (
            <p role="alert" className="mt-4 rounded-xl bg-red-50 px-5 py-4 text-red-800">
              {t("form.failure")}
            </p>
          )}
          <Form method="post" ref={formRef} noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                name="name"
                label={t("form.name")}
                autoComplete="name"
                maxLength={100}
                defaultValue={values.name}
                error={message("name")}
                onEdit={clear}
              />
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
            </div>
            <TextField
              name="subject"
              label={t("form.subject")}
              maxLength={200}
              defaultValue={values.subject}
              error={message("subject")}
              onEdit={clear}
            />
            <TextField
              name="message"
              multiline
              label={t("form.message")}
              maxLength={5000}
              defaultValue={values.message}
              error={message("message")}
              onEdit={clear}
            />
            <button type="submit" className="btn-primary" disabled={sending}>
              {sending ? t("form.sending") : t("form.submit")}
            </button>
          </Form>
        </section>

        <aside className="space-y-8 lg:col-span-2" aria-labelledby="details-title">
          <h2 id="details-title" className="text-2xl font-semibold">
            {t("details.title")}
          </h2>
          <ul className="space-y-4">
            <li className="flex gap-3">
              <MailIcon className="mt-0.5 size-5 text-clay-700" />
              <div>
                <p className="text-sm text-ink-500">{t("details.email")}</p>
                <a href={`mailto:${shop.email}`} className="font-medium hover:underline">
                  {shop.email}
                </a>
              </div>
            </li>
            <li className="flex gap-3">
              <PhoneIcon className="mt-0.5 size-5 text-clay-700" />
              <div>
                <p className="text-sm text-ink-500">{t("details.phone")}</p>
                <a href={`tel:${shop.phone.replace(/\s/g, "")}`} className="font-medium hover:underline">
                  {shop.phone}
                </a>
              </div>
            </li>
          </ul>
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-ink-500">{t("details.message")}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <a href={whatsappUrl} className="btn-secondary px-4 py-2" target="_blank" rel="noopener noreferrer">
                {tc("social.whatsapp")}
              </a>
              <a href={telegramUrl} className="btn-secondary px-4 py-2" target="_blank" rel="noopener noreferrer">
                {tc("social.telegram")}
              </a>
            </div>
          </div>
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-ink-500">{t("details.social")}</p>
            <div className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm font-medium">
              <a href={instagramUrl} className="underline-offset-4 hover:underline" target="_blank" rel="noopener noreferrer">
                {tc("social.instagram")}
              </a>
              <a href={facebookUrl} className="underline-offset-4 hover:underline" target="_blank" rel="noopener noreferrer">
                {tc("social.facebook")}
              </a>
            </div>
          </div>
        </aside>
      </div>

      <VisitInfo hours="contact" messaging={false} />
    </div>
  );
}
