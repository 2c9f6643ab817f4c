import { zodResolver } from "@hookform/resolvers/zod";
import {
  MAX_QUOTE_VERSIONS,
  productionTimeOfTimeline,
  productionTimes,
  productionTimeText,
  quoteFormSchema,
} from "@workshop/domain/custom-quote.ts";
import { timelineText } from "@workshop/domain/custom-timeline.ts";
import { formatUsd } from "@workshop/domain/money.ts";
import { type CustomQuotesAnswer, customQuoteSentAnswer, customQuotesAnswer } from "@workshop/domain/staff-api/custom-orders.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { SelectField } from "@workshop/ui/SelectField.tsx";
import { StatusPill } from "@workshop/ui/StatusPill.tsx";
import { TextField } from "@workshop/ui/TextField.tsx";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useLoaderData, useRevalidator } from "react-router";
import type { z } from "zod";
import { ApiError, api } from "#admin/api/client.ts";
import { consoleDate, consoleDayOf } from "#admin/dates.ts";
import { useUnsavedChanges } from "#admin/forms/use-unsaved-changes.ts";
import { customOrderTexts } from "#admin/i18n/custom-orders.ts";
import { quoteTexts } from "#admin/i18n/quotes.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { useStatusLabel } from "#admin/orders/status-label.ts";
import { signedOutRedirect } from "#admin/session/session.ts";
import { fieldProblems } from "./forms.ts";
import { useCustomOrderNames } from "./names.ts";

type Loaded = CustomQuotesAnswer | { notFound: true };

export async function loader({ request, params }: { request: Request; params: { id?: string } }): Promise<Loaded> {
  try {
    return await api(`/api/admin/custom-orders/${encodeURIComponent(params.id ?? "")}/quotes`, {
      answer: customQuotesAnswer,
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { notFound: true };
    return signedOutRedirect(error);
  }
}

type QuoteInput = z.input<typeof quoteFormSchema>;
const fields = ["price", "description", "productionTime", "validUntil"] as const;
const codes = ["price", "required", "tooLong", "characters", "productionTime", "validUntil"] as const;
const isCode = (code: string): code is (typeof codes)[number] => (codes as readonly string[]).includes(code);

/** A custom request's quotes: write the first, revise (up to two rounds), withdraw; the old quote page's rules. */
export function Component() {
  const tc = useT(customOrderTexts);
  const loaded = useLoaderData<Loaded>();
  if ("notFound" in loaded)
    return (
      <section>
        <title>{tc("title")}</title>
        <h1 className="text-2xl font-semibold">{tc("notFound")}</h1>
        <Link to="/admin/custom-orders" className="btn-secondary mt-4">
          {tc("back")}
        </Link>
      </section>
    );
  return <Quotes key={loaded.request.id} data={loaded} />;
}

function Quotes({ data }: { data: CustomQuotesAnswer }) {
  const t = useT(quoteTexts);
  const locale = useLocale();
  const names = useCustomOrderNames();
  const label = useStatusLabel();
  const tc = useT(customOrderTexts);
  const revalidator = useRevalidator();
  const { request, quotes, orders, refusal, nextVersion, today, suggestedValidUntil } = data;
  const latest = quotes[0];
  const [done, setDone] = useState<{ sent: string } | "withdrawn" | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const fresh = (): QuoteInput => ({
    price: latest ? (latest.priceCents / 100).toFixed(2) : "",
    description: latest?.description ?? "",
    // A revision keeps the last quote's time; a first quote starts from what the request asked for.
    productionTime:
      productionTimes.find((p) => p === latest?.productionTime) ?? productionTimeOfTimeline(request.timeline) ?? productionTimes[0],
    validUntil: suggestedValidUntil,
  });
  const form = useForm<QuoteInput, unknown, z.output<typeof quoteFormSchema>>({
    resolver: zodResolver(quoteFormSchema),
    defaultValues: fresh(),
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  useUnsavedChanges(isDirty, tc("unsaved"));

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) return void revalidator.revalidate();
    const problems = fieldProblems(error);
    for (const [field, code] of Object.entries(problems ?? {}))
      if ((fields as readonly string[]).includes(field)) form.setError(field as (typeof fields)[number], { message: code });
    if (!problems) setRefused(error instanceof Error ? error.message : String(error));
  };

  // The API reads the fields as typed (the price as text): the schema here only names problems before sending.
  const send = form.handleSubmit(async () => {
    setDone(null);
    setRefused(null);
    if (form.getValues("validUntil") < today) return form.setError("validUntil", { message: "validUntil" });
    try {
      const { email } = await api(`/api/admin/custom-orders/${request.id}/quotes`, {
        method: "POST",
        body: form.getValues(),
        answer: customQuoteSentAnswer,
      });
      setDone({ sent: email });
      form.reset(form.getValues());
      await revalidator.revalidate();
    } catch (error) {
      failed(error);
    }
  });
  const withdraw = async (quoteId: number) => {
    setDone(null);
    setRefused(null);
    try {
      await api(`/api/admin/custom-orders/${request.id}/quotes/${quoteId}/withdraw`, { method: "POST", answer: customQuotesAnswer });
      setDone("withdrawn");
      await revalidator.revalidate();
    } catch (error) {
      failed(error);
    }
  };
  const error = (name: (typeof fields)[number]) => {
    const code = errors[name]?.message;
    return code === undefined ? undefined : isCode(code) ? t(`error.${code}`) : code;
  };

  return (
    <article className="mx-auto max-w-3xl">
      <title>{t("title", { id: request.id })}</title>
      <Link to={`/admin/custom-orders/${request.id}`} className="text-sm font-medium underline underline-offset-4">
        ← {t("back", { id: request.id })}
      </Link>
      <h1 className="mt-4 text-2xl font-semibold">{t("title", { id: request.id })}</h1>
      {done && <Notice tone="done">{done === "withdrawn" ? t("done.withdrawn") : t("done.sent", { email: done.sent })}</Notice>}
      {refused && <Notice tone="problem">{t("error.refused", { reason: refused })}</Notice>}

      <section aria-labelledby="request-title" className="mt-6 rounded-2xl border border-sand-200 bg-white p-4 sm:p-6">
        <h2 id="request-title" className="text-xl font-semibold">
          {t("request.title")}
        </h2>
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
          <dt className="text-ink-600">{t("request.from")}</dt>
          <dd className="break-words">
            {request.name} &lt;{request.email}&gt;
          </dd>
          <dt className="text-ink-600">{t("request.hat")}</dt>
          <dd className="break-words">
            {[names.hatType(request.hatType), request.material && names.material(request.material), request.size]
              .filter(Boolean)
              .join(" · ")}
          </dd>
          <dt className="text-ink-600">{t("request.budget")}</dt>
          <dd className="break-words">{request.budget || "—"}</dd>
          <dt className="text-ink-600">{t("request.timeline")}</dt>
          <dd>{request.timeline ? timelineText(request.timeline, locale) : "—"}</dd>
          <dt className="text-ink-600">{t("request.status")}</dt>
          <dd>{names.status(request.status)}</dd>
        </dl>
        <h3 className="sr-only">{t("request.details")}</h3>
        <p className="mt-3 whitespace-pre-wrap break-words border-t border-sand-200 pt-3 text-sm leading-relaxed">{request.details}</p>
      </section>

      <section aria-labelledby="quotes-title" className="mt-8">
        <h2 id="quotes-title" className="text-xl font-semibold">
          {t("list.title")}
        </h2>
        {quotes.length === 0 && <p className="mt-2 text-sm text-ink-600">{t("list.none")}</p>}
        <ul className="mt-3 space-y-3">
          {quotes.map((q) => (
            <li key={q.id} className="rounded-2xl border border-sand-200 bg-white p-4" data-quote-state={q.state}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold">{t("list.version", { version: q.version })}</h3>
                <StatusPill
                  tone={q.state === "open" ? "waiting" : q.state === "accepted" ? "done" : "neutral"}
                  label={t(`status.${q.state}`)}
                />
              </div>
              <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
                <dt className="text-ink-600">{t("list.price")}</dt>
                <dd>{formatUsd(q.priceCents)}</dd>
                <dt className="text-ink-600">{t("list.deposit")}</dt>
                <dd>{formatUsd(q.depositCents)}</dd>
                <dt className="text-ink-600">{t("list.production")}</dt>
                <dd>{productionTimeText(q.productionTime, locale)}</dd>
                <dt className="text-ink-600">{t("list.validUntil")}</dt>
                <dd>{consoleDayOf(q.validUntil, locale)}</dd>
                <dt className="text-ink-600">{t("list.link")}</dt>
                <dd className="break-all">
                  <a href={q.link} className="underline underline-offset-4" target="_blank" rel="noopener noreferrer">
                    {q.link}
                  </a>
                </dd>
              </dl>
              <p className="mt-2 whitespace-pre-wrap break-words text-sm">{q.description}</p>
              <p className="mt-2 text-xs text-ink-600">{t("list.by", { name: q.by, date: consoleDate(q.at, locale) })}</p>
              {q.withdrawable && (
                <button type="button" className="btn-secondary mt-3 px-4 py-2" onClick={() => void withdraw(q.id)}>
                  {t("withdraw")}
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>

      {orders.length > 0 && (
        <section aria-labelledby="orders-title" className="mt-8">
          <h2 id="orders-title" className="text-xl font-semibold">
            {t("orders.title")}
          </h2>
          <ul className="mt-3 space-y-2">
            {orders.map((o) => (
              <li key={o.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-sand-200 bg-white p-3">
                <Link to={`/admin/orders?q=${encodeURIComponent(o.orderNumber)}`} className="font-semibold underline underline-offset-4">
                  {o.orderNumber}
                </Link>
                <span className="text-sm text-ink-700">
                  {label.status(o.status)} · {label.payment(o.paymentStatus)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="form-title" className="mt-8 rounded-2xl border border-sand-200 bg-white p-4 sm:p-6">
        <h2 id="form-title" className="text-xl font-semibold">
          {quotes.length === 0
            ? t("form.new")
            : t("form.revise", { version: Math.min(nextVersion, MAX_QUOTE_VERSIONS), max: MAX_QUOTE_VERSIONS })}
        </h2>
        {refusal ? (
          <p className="mt-2 text-sm text-ink-700">{t(refusal === "limit" ? "form.limit" : "form.ordered")}</p>
        ) : (
          <form noValidate onSubmit={send} className="mt-4 space-y-4">
            <p className="text-sm text-ink-600">{t("form.note", { language: t(`lang.${request.locale}`) })}</p>
            <TextField
              label={t("form.price")}
              hint={t("form.priceHint")}
              error={error("price")}
              maxLength={12}
              {...form.register("price")}
            />
            <TextField
              label={t("form.description")}
              multiline
              error={error("description")}
              maxLength={4000}
              {...form.register("description")}
            />
            <SelectField
              label={t("form.productionTime")}
              error={error("productionTime")}
              options={productionTimes.map((p) => ({ value: p, label: productionTimeText(p, locale) }))}
              {...form.register("productionTime")}
            />
            <div>
              <label htmlFor="field-validUntil" className="text-sm font-medium text-ink-900">
                {t("form.validUntil")}
              </label>
              <input
                id="field-validUntil"
                type="date"
                required
                min={today}
                aria-invalid={errors.validUntil ? true : undefined}
                aria-describedby={errors.validUntil ? "field-validUntil-error" : undefined}
                className="mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2.5"
                {...form.register("validUntil")}
              />
              {errors.validUntil && (
                <p id="field-validUntil-error" className="mt-1 text-sm text-red-700">
                  {error("validUntil")}
                </p>
              )}
            </div>
            <button type="submit" className="btn-primary" disabled={isSubmitting}>
              {t("form.send")}
            </button>
          </form>
        )}
      </section>
    </article>
  );
}
