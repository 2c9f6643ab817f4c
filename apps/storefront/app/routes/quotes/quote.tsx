import { productionTimeText, quoteDay } from "@workshop/domain/custom-quote.ts";
import { formatUsd } from "@workshop/domain/money.ts";
import { quoteAcceptAnswer, quotePageAnswer, quoteRefusal } from "@workshop/domain/shop-api/quotes.ts";
import { data } from "react-router";
import { ApiRefusal, apiCall, apiGet, relayHeaders } from "#app/api/client.server.ts";
import { nullIfNotFound } from "#app/api/not-found.server.ts";
import { Form, Link } from "#app/components/localized.tsx";
import { NoticePage } from "#app/components/NoticePage.tsx";
import { metaLocale, translator, useT } from "#app/i18n/core.ts";
import { quotes } from "#app/i18n/quotes.ts";
import { SecretLinkError, secretLinkHeaders, secretLinkMeta, tokenSegment } from "#app/secret-link.tsx";
import { localeOf, redirectIn } from "#app/web/locale.ts";
import type { Route } from "./+types/quote";

export const meta: Route.MetaFunction = ({ matches, error }) =>
  // An error page (429, 503) names itself.
  error ? secretLinkMeta : [{ title: translator(quotes, metaLocale(matches))("meta.title") }, ...secretLinkMeta];

export const headers: Route.HeadersFunction = secretLinkHeaders;

/** A custom hat's quote, found by its unguessable token only (the API judges it, and counts the unknown ones). */
export async function loader({ params, request }: Route.LoaderArgs) {
  const token = tokenSegment(params.token);
  const view = token && (await apiGet(request, `/api/shop/quotes/${token}`, quotePageAnswer).catch(nullIfNotFound));
  if (!view) return data({ found: false as const }, { status: 404 });
  const locale = localeOf(request);
  return data({
    found: true as const,
    ...view,
    productionTime: productionTimeText(view.productionTime, locale),
    validUntil: quoteDay(new Date(view.validUntil), locale),
  });
}

/** Accept: this browser's checkout takes the quote (or its placed, unpaid order) to the next step. */
export async function action({ params, request }: Route.ActionArgs) {
  const token = tokenSegment(params.token);
  if (token === null) return data({ refused: "gone" as const }, { status: 404 });
  try {
    const answer = await apiCall(request, `/api/shop/quotes/${token}/accept`, { method: "POST", body: {}, answer: quoteAcceptAnswer });
    return redirectIn(request, answer.data.next, { headers: relayHeaders(answer) });
  } catch (error) {
    if (!(error instanceof ApiRefusal)) throw error;
    if (error.status === 404) return data({ refused: "gone" as const }, { status: 404 });
    const refused = quoteRefusal.safeParse(error.details);
    if (error.status === 409 && refused.success) return data({ refused: refused.data.state }, { status: 409 });
    throw error;
  }
}

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(quotes);
  if (!loaderData.found) {
    return (
      <NoticePage title={t("notFound.title")} text={t("notFound.text")}>
        <Link to="/custom" className="btn-primary">
          {t("notFound.custom")}
        </Link>
        <Link to="/contact" className="btn-secondary">
          {t("contact")}
        </Link>
      </NoticePage>
    );
  }
  const q = loaderData;
  const refused = actionData && "refused" in actionData ? actionData.refused : null;
  const notice = refused ?? (q.state === "open" ? null : q.state === "accepted" && q.canPayDeposit ? "acceptedUnpaid" : q.state);
  const canAct = !refused && (q.state === "open" || q.canPayDeposit);
  return (
    <div className="container-page max-w-3xl py-10 sm:py-14">
      <p className="text-sm font-semibold uppercase tracking-wider text-clay-700">{t("eyebrow")}</p>
      <h1 className="mt-2 text-3xl font-semibold sm:text-4xl">{t("title", { id: q.requestId })}</h1>
      <p className="mt-2 text-ink-700">
        {t("hello", { name: q.name })} <span className="text-ink-500">· {t("version", { version: q.version })}</span>
      </p>

      {notice && (
        <p
          role={notice === "accepted" || notice === "acceptedUnpaid" ? "status" : "alert"}
          className={`mt-6 rounded-xl px-4 py-3 ${notice === "accepted" || notice === "acceptedUnpaid" ? "bg-sand-100 text-ink-900" : "bg-red-50 text-red-800"}`}
        >
          {t(`state.${notice}` as "state.expired")}
        </p>
      )}

      <section aria-labelledby="quote-what" className="mt-8 rounded-2xl border border-sand-200 bg-white p-5 sm:p-6">
        <h2 id="quote-what" className="text-xl font-semibold">
          {t("what")}
        </h2>
        <p className="mt-3 whitespace-pre-line leading-relaxed text-ink-700 [overflow-wrap:anywhere]">{q.description}</p>
        <dl className="mt-6 divide-y divide-sand-200 border-t border-sand-200">
          <Row label={t("price")} value={formatUsd(q.priceCents)} />
          <Row label={t("deposit")} value={formatUsd(q.depositCents)} strong />
          <Row label={t("balance")} value={formatUsd(q.balanceCents)} note={t("balanceNote")} />
          <Row label={t("production")} value={q.productionTime} />
          <Row label={t("validUntil")} value={q.validUntil} />
        </dl>
      </section>

      {canAct && (
        <Form method="post" className="mt-6 flex flex-wrap items-center gap-4 rounded-2xl bg-sand-100 p-4 sm:p-5">
          <p className="flex-1 basis-64 text-ink-700">{t("acceptNote")}</p>
          <button type="submit" className="btn-primary">
            {q.state === "open" ? t("accept") : t("payDeposit")}
          </button>
        </Form>
      )}
      <p className="mt-6 text-sm">
        <Link to="/contact" className="font-semibold text-clay-700 underline underline-offset-4">
          {t("contact")}
        </Link>
      </p>
    </div>
  );
}

function Row({ label, value, strong, note }: { label: string; value: string; strong?: boolean; note?: string }) {
  return (
    <div className="flex justify-between gap-x-6 py-3">
      <dt className="min-w-0 text-ink-700">
        {label}
        {note && <span className="block text-sm text-ink-500">{note}</span>}
      </dt>
      <dd className={`shrink-0 text-right ${strong ? "font-semibold" : ""}`}>{value}</dd>
    </div>
  );
}

export const ErrorBoundary = SecretLinkError;
