import { type InboxRow, listMessages } from "@workshop/api/messages/inbox.ts";
import { requireStaffPage } from "@workshop/api/staff/guard.ts";
import { adminDate } from "@workshop/domain/admin-date.ts";
import { type InboxFilter, inboxFilter, inboxFilters } from "@workshop/domain/inbox.ts";
import { data, Link } from "react-router";
import { InboxStateBadge } from "#app/components/admin/InboxStateBadge.tsx";
import { adminInbox } from "#app/i18n/admin-inbox.ts";
import { useLocale, useT } from "#app/i18n/core.ts";
import type { Route } from "./+types/list";

/** A page number from the URL; anything else is the first page. */
function pageNumber(value: string | null): number {
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/** The Inbox tab: contact messages, newest first, 20 a page, filtered by state. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffPage(request);
  const url = new URL(request.url);
  const filter = inboxFilter(url.searchParams.get("filter"));
  const page = pageNumber(url.searchParams.get("page"));
  try {
    return { ...(await listMessages(filter, page)), filter, failed: false };
  } catch (error) {
    console.error("admin inbox not loaded", error);
    return data({ messages: [] as InboxRow[], total: 0, page, pageCount: 1, filter, failed: true }, { status: 503 });
  }
}

/** The inbox's address for a filter and page (the defaults left out). */
function inboxHref(filter: InboxFilter, page = 1): string {
  const params = new URLSearchParams();
  if (filter !== "all") params.set("filter", filter);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/inbox?${query}` : "/admin/inbox";
}

export default function AdminInbox({ loaderData }: Route.ComponentProps) {
  const t = useT(adminInbox);
  const locale = useLocale();
  const { messages, total, page, pageCount, filter, failed } = loaderData;
  return (
    <section>
      <title>{t("title")}</title>
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-1 text-sm text-ink-600">{t("intro")}</p>

      <nav aria-label={t("filter.label")} className="mt-5 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-ink-600">{t("filter.label")}:</span>
        {inboxFilters.map((f) => (
          <Link
            key={f}
            to={inboxHref(f)}
            aria-current={f === filter ? "page" : undefined}
            className={`rounded-full border px-3 py-1 font-medium ${
              f === filter ? "border-ink-900 bg-ink-900 text-sand-50" : "border-sand-300 bg-white text-ink-800 hover:border-ink-900"
            }`}
          >
            {t(`filter.${f}`)}
          </Link>
        ))}
      </nav>

      {failed ? (
        <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <p>{t("loadError")}</p>
          {/* biome-ignore lint/a11y/useValidAnchor: an empty href reloads this page, also without JavaScript */}
          <a href="" className="btn-secondary mt-3">
            {t("retry")}
          </a>
        </div>
      ) : messages.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-sand-200 bg-white p-6 text-ink-700">{t("empty")}</p>
      ) : (
        <>
          <p className="mt-4 text-sm text-ink-600">{t("count", { count: total })}</p>
          <div className="mt-2 overflow-hidden rounded-2xl border border-sand-200 bg-white">
            <div
              aria-hidden="true"
              className="hidden gap-4 bg-sand-100 px-4 py-3 text-xs font-medium uppercase tracking-wide text-ink-600 md:grid md:grid-cols-[11rem_14rem_1fr_7rem]"
            >
              <span>{t("col.date")}</span>
              <span>{t("col.from")}</span>
              <span>{t("col.subject")}</span>
              <span>{t("col.state")}</span>
            </div>
            <ul className="divide-y divide-sand-200">
              {messages.map((m) => {
                const unread = m.readAt === null;
                return (
                  <li key={m.id}>
                    <Link
                      to={`/admin/inbox/${m.id}`}
                      className={`grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 px-4 py-3 hover:bg-sand-50 md:grid-cols-[11rem_14rem_1fr_7rem] md:items-center ${
                        unread ? "font-semibold text-ink-900" : "text-ink-700"
                      }`}
                    >
                      <span className="col-start-1 row-start-2 text-sm tabular-nums md:row-start-1">
                        <span className="sr-only">{t("col.date")}: </span>
                        {adminDate(m.createdAt, locale)}
                      </span>
                      <span className="col-start-1 row-start-1 truncate md:col-start-2">
                        <span className="sr-only">{t("col.from")}: </span>
                        {m.name} <span className="text-sm font-normal text-ink-600">&lt;{m.email}&gt;</span>
                      </span>
                      <span className="col-span-2 row-start-3 truncate md:col-span-1 md:col-start-3 md:row-start-1">
                        <span className="sr-only">{t("col.subject")}: </span>
                        {m.subject}
                      </span>
                      <span className="col-start-2 row-start-1 md:col-start-4">
                        <InboxStateBadge message={m} />
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        </>
      )}

      {!failed && pageCount > 1 && (
        <nav aria-label={t("page.nav")} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
          {page > 1 ? (
            <Link to={inboxHref(filter, Math.min(page - 1, pageCount))} rel="prev" className="btn-secondary px-4 py-2">
              {t("page.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-ink-600">{t("page.of", { page, pages: pageCount })}</span>
          {page < pageCount ? (
            <Link to={inboxHref(filter, page + 1)} rel="next" className="btn-secondary px-4 py-2">
              {t("page.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}
