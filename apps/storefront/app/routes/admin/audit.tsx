import { auditEntries, auditPeople } from "@workshop/api/audit/log.ts";
import { requireOwner, requireStaffPage } from "@workshop/api/staff/guard.ts";
import { adminDate } from "@workshop/domain/admin-date.ts";
import { auditActions, isAuditAction } from "@workshop/domain/audit-actions.ts";
import { Form, useSearchParams } from "react-router";
import { AdminTable } from "#app/components/admin/AdminTable.tsx";
import { AuditChange } from "#app/components/admin/AuditChange.tsx";
import { adminAudit } from "#app/i18n/admin-audit.ts";
import { useLocale, useT } from "#app/i18n/core.ts";
import type { Route } from "./+types/audit";

const PAGE_SIZE = 50;
const recordTypes = ["order", "staff", "message", "product", "custom-order"] as const;

/** The audit log (owners): every staff action, filtered by person, kind and record. */
export async function loader({ request }: Route.LoaderArgs) {
  requireOwner(await requireStaffPage(request));
  const query = new URL(request.url).searchParams;
  const staffId = /^\d{1,9}$/.test(query.get("person") ?? "") ? Number(query.get("person")) : undefined;
  const kind = query.get("kind");
  const action = isAuditAction(kind) ? kind : undefined;
  const recordType = (recordTypes as readonly string[]).includes(query.get("type") ?? "") ? query.get("type")! : undefined;
  // A record id is printable text (uuids, numbers); anything else matches nothing, so it filters nothing.
  const record = (query.get("record") ?? "").trim().slice(0, 100);
  const recordId = /^[\x21-\x7e]+$/.test(record) ? record : undefined;
  const page = Math.min(Math.max(1, Number.parseInt(query.get("page") ?? "1", 10) || 1), 100_000);
  const [{ entries, total }, people] = await Promise.all([
    auditEntries({ staffId, action, recordType, recordId }, page, PAGE_SIZE),
    auditPeople(),
  ]);
  return { entries, total, page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), people };
}

const recordLabel = {
  order: "record.order",
  staff: "record.staff",
  message: "record.message",
  product: "record.product",
  "custom-order": "record.customOrder",
} as const;

function recordLink(type: string | null, id: string | null): string | null {
  if (!id) return null;
  if (type === "order") return `/admin/orders/${id}`;
  if (type === "message") return `/admin/inbox/${id}`;
  if (type === "custom-order") return `/admin/custom-orders/${id}`;
  return null;
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const t = useT(adminAudit);
  const locale = useLocale();
  const [params] = useSearchParams();
  const { entries, total, page, pages, people } = loaderData;
  const pageLink = (n: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(n));
    return `/admin/audit?${next}`;
  };
  const field = "mt-1 block w-full rounded-lg border border-sand-300 bg-white px-3 py-2 text-sm";
  return (
    <section>
      <title>{t("title")}</title>
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-1 text-sm text-ink-600">{t("intro")}</p>
      <Form
        method="get"
        className="mt-6 grid gap-3 rounded-2xl border border-sand-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      >
        <label className="text-sm font-medium">
          {t("filter.person")}
          <select name="person" defaultValue={params.get("person") ?? ""} className={field}>
            <option value="">{t("filter.everyone")}</option>
            {people.map((p) => (
              <option key={p.staffId} value={p.staffId}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          {t("filter.kind")}
          <select name="kind" defaultValue={params.get("kind") ?? ""} className={field}>
            <option value="">{t("filter.allKinds")}</option>
            {auditActions.map((a) => (
              <option key={a} value={a}>
                {t(`action.${a}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          {t("filter.recordType")}
          <select name="type" defaultValue={params.get("type") ?? ""} className={field}>
            <option value="">{t("filter.anyRecord")}</option>
            {recordTypes.map((r) => (
              <option key={r} value={r}>
                {t(recordLabel[r])}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          {t("filter.recordId")}
          <input name="record" defaultValue={params.get("record") ?? ""} maxLength={100} className={field} />
        </label>
        <div className="flex gap-2">
          <button type="submit" className="btn-primary px-5 py-2">
            {t("filter.apply")}
          </button>
          <a href="/admin/audit" className="btn-secondary px-5 py-2">
            {t("filter.reset")}
          </a>
        </div>
      </Form>
      <p className="mt-4 text-sm text-ink-600">{t("total", { count: total })}</p>
      {entries.length === 0 ? (
        <p className="mt-4 text-ink-700">{t("empty")}</p>
      ) : (
        <AdminTable
          label={t("title")}
          columns={[t("col.when"), t("col.who"), t("col.what"), t("col.record"), t("col.change"), t("col.from")]}
          width="min-w-[52rem]"
          className="mt-2 bg-white"
        >
          <tbody className="divide-y divide-sand-200 align-top">
            {entries.map((e) => {
              const link = recordLink(e.recordType, e.recordId);
              const type = e.recordType as keyof typeof recordLabel | null;
              const record = e.recordId ? `${type && recordLabel[type] ? t(recordLabel[type]) : e.recordType} ${e.recordId}` : "—";
              return (
                <tr key={e.id}>
                  <td className="whitespace-nowrap px-3 py-2">{adminDate(e.createdAt, locale)}</td>
                  <td className="px-3 py-2 break-all">{e.actor}</td>
                  <td className="px-3 py-2">{isAuditAction(e.action) ? t(`action.${e.action}`) : e.action}</td>
                  <td className="px-3 py-2 break-all">
                    {link ? (
                      <a href={link} className="underline underline-offset-4">
                        {record}
                      </a>
                    ) : (
                      record
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <AuditChange before={e.before} after={e.after} />
                  </td>
                  <td className="px-3 py-2 font-mono text-xs">{e.ip ?? "—"}</td>
                </tr>
              );
            })}
          </tbody>
        </AdminTable>
      )}
      {pages > 1 && (
        <nav aria-label={t("page", { page, pages })} className="mt-4 flex items-center justify-between text-sm">
          {page > 1 ? (
            <a href={pageLink(page - 1)} className="btn-secondary px-4 py-2">
              {t("previous")}
            </a>
          ) : (
            <span />
          )}
          <span>{t("page", { page, pages })}</span>
          {page < pages ? (
            <a href={pageLink(page + 1)} className="btn-secondary px-4 py-2">
              {t("next")}
            </a>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}
