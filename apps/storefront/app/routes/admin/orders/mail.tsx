import { orderMail } from "@workshop/api/desk/order-detail.ts";
import { requireStaffPage } from "@workshop/api/staff/guard.ts";
import { adminDate } from "@workshop/domain/admin-date.ts";
import { data } from "react-router";
import { adminOrder } from "#app/i18n/admin-order.ts";
import { useLocale, useT } from "#app/i18n/core.ts";
import type { Route } from "./+types/mail";

/**
 * One e-mail of an order, as stored in the outbox: its text version only. The stored HTML is never
 * put into the page (it would run in the admin's origin); the text says the same.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaffPage(request);
  const mail = await orderMail(params.id, params.mailId);
  if (!mail) throw data({ error: "E-mail not found", code: "not-found" }, { status: 404 });
  const back = (new URL(request.url).searchParams.get("back") ?? "").slice(0, 500);
  return { mail, orderId: params.id, back: /^[\w\-.~%&=+,:]*$/.test(back) ? back : "" };
}

export default function OrderMailPage({ loaderData }: Route.ComponentProps) {
  const t = useT(adminOrder);
  const locale = useLocale();
  const { mail, orderId, back } = loaderData;
  const templateKey = `template.${mail.template}`;
  const rows: [string, string][] = [
    [t("mail.to"), mail.to],
    [t("mail.subject"), mail.subject],
    [t("mail.kind"), templateKey in adminOrder.en ? t(templateKey as keyof typeof adminOrder.en) : mail.template],
    [t("mail.language"), t(mail.locale === "ru" ? "language.ru" : "language.en")],
    [
      t("mail.status"),
      `mailStatus.${mail.status}` in adminOrder.en ? t(`mailStatus.${mail.status}` as keyof typeof adminOrder.en) : mail.status,
    ],
    [t("mail.created"), adminDate(mail.createdAt, locale)],
    ...(mail.sentAt ? ([[t("mail.sent"), adminDate(mail.sentAt, locale)]] as [string, string][]) : []),
    ...(mail.lastError ? ([[t("mail.error"), mail.lastError]] as [string, string][]) : []),
  ];
  return (
    <article className="mx-auto max-w-3xl">
      <title>{t("mail.title", { subject: mail.subject })}</title>
      <p>
        <a
          href={`/admin/orders/${orderId}${back ? `?back=${encodeURIComponent(back)}` : ""}#emails`}
          className="text-sm underline underline-offset-4"
        >
          ← {t("mail.back", { number: mail.orderNumber })}
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-semibold break-words">{t("mail.title", { subject: mail.subject })}</h1>
      <dl className="mt-4 grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-1.5 rounded-2xl border border-sand-200 bg-white p-4 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink-600">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-6 text-lg font-semibold">{t("mail.text")}</h2>
      <pre className="mt-2 overflow-x-auto whitespace-pre-wrap break-words rounded-2xl border border-sand-200 bg-white p-4 font-mono text-sm">
        {mail.text}
      </pre>
    </article>
  );
}
