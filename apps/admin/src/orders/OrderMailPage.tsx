import { type OrderMailAnswer, orderMailAnswer } from "@workshop/domain/staff-api/order.ts";
import { Link, useLoaderData } from "react-router";
import { ApiError, api } from "#admin/api/client.ts";
import { consoleDate } from "#admin/dates.ts";
import { orderTexts } from "#admin/i18n/order.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { signedOutRedirect } from "#admin/session/session.ts";
import { mailKind } from "./mail-kind.ts";
import { useStatusLabel } from "./status-label.ts";

type Loaded = { mail: OrderMailAnswer } | { notFound: true; orderId: string };

export async function loader({ request, params }: { request: Request; params: { id?: string; mailId?: string } }): Promise<Loaded> {
  const id = encodeURIComponent(params.id ?? "");
  try {
    const mail = await api(`/api/admin/orders/${id}/mails/${encodeURIComponent(params.mailId ?? "")}`, {
      answer: orderMailAnswer,
      signal: request.signal,
    });
    return { mail };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { notFound: true, orderId: params.id ?? "" };
    return signedOutRedirect(error);
  }
}

/**
 * One e-mail of an order as the outbox keeps it: its text version only. The stored HTML is never
 * put into the console (it would run in the console's origin); the text says the same.
 */
export function Component() {
  const t = useT(orderTexts);
  const locale = useLocale();
  const label = useStatusLabel();
  const loaded = useLoaderData<Loaded>();
  if ("notFound" in loaded)
    return (
      <section>
        <title>{t("mail.notFound")}</title>
        <h1 className="text-2xl font-semibold">{t("mail.notFound")}</h1>
        <p className="mt-2 text-ink-700">{t("mail.notFoundText")}</p>
        <Link to={`/admin/orders/${encodeURIComponent(loaded.orderId)}`} className="btn-secondary mt-4">
          {t("back")}
        </Link>
      </section>
    );
  const { mail } = loaded;
  const rows: [string, string][] = [
    [t("mail.to"), mail.to],
    [t("mail.subject"), mail.subject],
    [t("mail.kind"), mailKind(t, mail.template)],
    [t("mail.language"), t(mail.locale === "ru" ? "language.ru" : "language.en")],
    [t("mail.status"), label.mail(mail.status)],
    [t("mail.created"), consoleDate(mail.createdAt, locale)],
    ...(mail.sentAt ? ([[t("mail.sent"), consoleDate(mail.sentAt, locale)]] as [string, string][]) : []),
    ...(mail.lastError ? ([[t("mail.error"), mail.lastError]] as [string, string][]) : []),
  ];
  return (
    <article className="mx-auto max-w-3xl">
      <title>{t("mail.title", { subject: mail.subject })}</title>
      <Link to={`/admin/orders/${mail.orderId}`} className="text-sm font-medium underline underline-offset-4">
        ← {t("mail.back", { number: mail.orderNumber })}
      </Link>
      <h1 className="mt-3 text-2xl font-semibold break-words">{t("mail.title", { subject: mail.subject })}</h1>
      <dl className="mt-4 grid gap-x-4 gap-y-1 rounded-2xl border border-sand-200 bg-white p-4 text-sm sm:grid-cols-[9rem_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-ink-600">{term}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-6 text-lg font-semibold">{t("mail.text")}</h2>
      <pre className="mt-2 rounded-2xl border border-sand-200 bg-white p-4 font-mono text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">
        {mail.text}
      </pre>
    </article>
  );
}
