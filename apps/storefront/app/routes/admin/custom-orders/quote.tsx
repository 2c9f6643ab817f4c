import { quotePage, submitQuote, withdrawFromForm } from "@workshop/api/custom-orders/quote-admin.ts";
import { customOrderId } from "@workshop/api/custom-orders/staff-work.ts";
import { isCustomOrderStatus } from "@workshop/api/custom-orders/status.ts";
import { AppError } from "@workshop/api/errors.ts";
import { requireStaffForm, requireStaffPage } from "@workshop/api/staff/guard.ts";
import { adminDate } from "@workshop/domain/admin-date.ts";
import { MAX_QUOTE_VERSIONS, productionTimes, productionTimeText, quoteDay } from "@workshop/domain/custom-quote.ts";
import { formText } from "@workshop/domain/form-text.ts";
import { formatUsd } from "@workshop/domain/money.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { SelectField } from "@workshop/ui/SelectField.tsx";
import { TextField } from "@workshop/ui/TextField.tsx";
import { data, Form, Link, redirect } from "react-router";
import { TokenField } from "#app/components/admin/TokenField.tsx";
import { StatusBadge } from "#app/components/OrderSummary.tsx";
import { adminCustomOrders } from "#app/i18n/admin-custom-orders.ts";
import { adminQuotes } from "#app/i18n/admin-quotes.ts";
import { useLocale, useT } from "#app/i18n/core.ts";
import type { Route } from "./+types/quote";

const notFound = () => data(null, { status: 404 });

/** A custom request's quotes: write the first, revise (up to two rounds), withdraw. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaffPage(request);
  const id = customOrderId(params.id);
  const page = id === null ? null : await quotePage(id);
  if (!page) throw notFound();
  const done = new URL(request.url).searchParams.get("done");
  return { ...page, done: done === "sent" || done === "withdrawn" ? done : null };
}

type ActionResult = { errors: Record<string, string>; values: Record<string, string> } | { refused: string };

export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const { actor } = await requireStaffForm(request, form);
  const id = customOrderId(params.id);
  if (id === null) throw notFound();
  const text = (name: string, max = 5000) => formText(form, name, max);
  try {
    if (form.get("intent") === "withdraw") {
      await withdrawFromForm(id, text("quoteId", 20), actor);
      return redirect(`/admin/custom-orders/${id}/quote?done=withdrawn`);
    }
    const values = {
      price: text("price", 40),
      description: text("description"),
      productionTime: text("productionTime", 40),
      validUntil: text("validUntil", 20),
    };
    const result = await submitQuote(id, values, actor);
    if (!result.ok) return data<ActionResult>({ errors: result.errors, values: result.values }, { status: 400 });
    return redirect(`/admin/custom-orders/${id}/quote?done=sent`);
  } catch (error) {
    if (error instanceof AppError && error.kind === "not_found") throw notFound();
    if (error instanceof AppError) return data<ActionResult>({ refused: error.message }, { status: error.status });
    throw error;
  }
}

export default function AdminQuote({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(adminQuotes);
  const tc = useT(adminCustomOrders);
  const locale = useLocale();
  const { request, quotes, orders, refusal, nextVersion, today, suggestedValidUntil, done } = loaderData;
  const result = actionData as ActionResult | undefined;
  const errors = result && "errors" in result ? result.errors : {};
  const values = result && "values" in result ? result.values : undefined;
  const latest = quotes[0];
  const error = (name: string) => (errors[name] ? t(`error.${errors[name]}` as "error.price") : undefined);

  return (
    <article className="mx-auto max-w-3xl">
      <title>{t("title", { id: request.id })}</title>
      <Link to={`/admin/custom-orders/${request.id}`} className="text-sm font-medium underline underline-offset-4">
        ← {t("back", { id: request.id })}
      </Link>
      <h1 className="mt-4 text-2xl font-semibold">{t("title", { id: request.id })}</h1>
      {done && <Notice tone="done">{done === "sent" ? t("done.sent", { email: request.email }) : t("done.withdrawn")}</Notice>}
      {result && "refused" in result && <Notice tone="problem">{t("error.refused", { reason: result.refused })}</Notice>}

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
            {request.hatType} · {request.material} · {request.size}
          </dd>
          <dt className="text-ink-600">{t("request.budget")}</dt>
          <dd className="break-words">{request.budget || "—"}</dd>
          <dt className="text-ink-600">{t("request.timeline")}</dt>
          <dd>{request.timeline}</dd>
          <dt className="text-ink-600">{t("request.status")}</dt>
          <dd>{isCustomOrderStatus(request.status) ? tc(`status.${request.status}`) : request.status}</dd>
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
            <li key={q.id} className="rounded-2xl border border-sand-200 bg-white p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold">{t("list.version", { version: q.version })}</h3>
                <span
                  className={`rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset ${q.state === "open" || q.state === "accepted" ? "bg-green-50 text-green-900 ring-green-300" : "bg-gray-100 text-gray-800 ring-gray-300"}`}
                >
                  {t(`status.${q.state}`)}
                </span>
              </div>
              <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
                <dt className="text-ink-600">{t("list.price")}</dt>
                <dd>{formatUsd(q.priceCents)}</dd>
                <dt className="text-ink-600">{t("list.deposit")}</dt>
                <dd>{formatUsd(q.depositCents)}</dd>
                <dt className="text-ink-600">{t("list.production")}</dt>
                <dd>{productionTimeText(q.productionTime, locale)}</dd>
                <dt className="text-ink-600">{t("list.validUntil")}</dt>
                <dd>{quoteDay(new Date(q.validUntil), locale)}</dd>
                <dt className="text-ink-600">{t("list.link")}</dt>
                <dd className="break-all">
                  <a href={q.link} className="underline underline-offset-4" target="_blank" rel="noopener noreferrer">
                    {q.link}
                  </a>
                </dd>
              </dl>
              <p className="mt-2 whitespace-pre-wrap break-words text-sm">{q.description}</p>
              <p className="mt-2 text-xs text-ink-600">{t("list.by", { name: q.by, date: adminDate(q.at, locale) })}</p>
              {q.withdrawable && (
                <Form method="post" className="mt-3">
                  <TokenField />
                  <input type="hidden" name="intent" value="withdraw" />
                  <input type="hidden" name="quoteId" value={q.id} />
                  <button type="submit" className="btn-secondary px-4 py-2">
                    {t("withdraw")}
                  </button>
                </Form>
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
                <Link to={`/admin/orders/${o.id}`} className="font-semibold underline underline-offset-4">
                  {o.orderNumber}
                </Link>
                <StatusBadge kind="status" value={o.status} />
                <StatusBadge kind="payment" value={o.paymentStatus} />
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
          <Form method="post" className="mt-4 space-y-4" key={latest?.id ?? 0}>
            <TokenField />
            <p className="text-sm text-ink-600">{t("form.note", { language: t(`lang.${request.locale}`) })}</p>
            <TextField
              name="price"
              label={t("form.price")}
              hint={t("form.priceHint")}
              error={error("price")}
              maxLength={12}
              defaultValue={values?.price ?? (latest ? (latest.priceCents / 100).toFixed(2) : "")}
            />
            <TextField
              name="description"
              label={t("form.description")}
              multiline
              error={error("description")}
              maxLength={4000}
              defaultValue={values?.description ?? latest?.description ?? ""}
            />
            <SelectField
              name="productionTime"
              label={t("form.productionTime")}
              error={error("productionTime")}
              options={productionTimes.map((p) => ({ value: p, label: productionTimeText(p, locale) }))}
              defaultValue={values?.productionTime ?? latest?.productionTime ?? productionTimes[0]}
            />
            <div>
              <label htmlFor="field-validUntil" className="text-sm font-medium text-ink-900">
                {t("form.validUntil")}
              </label>
              <input
                id="field-validUntil"
                name="validUntil"
                type="date"
                required
                min={today}
                defaultValue={values?.validUntil ?? suggestedValidUntil}
                aria-invalid={errors.validUntil ? true : undefined}
                aria-describedby={errors.validUntil ? "field-validUntil-error" : undefined}
                className="mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2.5"
              />
              {errors.validUntil && (
                <p id="field-validUntil-error" className="mt-1 text-sm text-red-700">
                  {error("validUntil")}
                </p>
              )}
            </div>
            <button type="submit" className="btn-primary">
              {t("form.send")}
            </button>
          </Form>
        )}
      </section>
    </article>
  );
}
