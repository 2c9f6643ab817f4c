import { actorName } from "@workshop/domain/actor-names.ts";
import { auditActions, isAuditAction } from "@workshop/domain/audit-actions.ts";
import type { Translate } from "@workshop/domain/i18n/core.ts";
import {
  type AuditListAnswer,
  type AuditRow,
  auditListAnswer,
  auditPageSizes,
  auditRecordTypes,
  auditSorts,
} from "@workshop/domain/staff-api/audit.ts";
import { FilterChoice, PageSize } from "@workshop/ui/ListControls.tsx";
import type { ListAddress } from "@workshop/ui/list-address.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { type ListColumns, useDataTable } from "@workshop/ui/use-data-table.ts";
import { useMemo } from "react";
import { Form, Link, useLoaderData, useSearchParams } from "react-router";
import { consoleDate } from "#admin/dates.ts";
import { auditTexts } from "#admin/i18n/audit.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { ConsoleList } from "#admin/layout/ConsoleList.tsx";
import { type ListLoaded, listLoader } from "#admin/layout/list-loader.ts";
import { useChangeLines } from "./change-lines.ts";
import { recordHref } from "./record-link.ts";

/** The page the address asks for: the address is the log's whole state (filters, sort, page); owners only. */
export const loader = listLoader("/api/admin/audit", auditListAnswer, { ownersOnly: true });

const address: ListAddress = { path: "/admin/audit", sizes: auditPageSizes, sorts: auditSorts };
const recordLabel = {
  order: "record.order",
  staff: "record.staff",
  message: "record.message",
  product: "record.product",
  "custom-order": "record.customOrder",
} as const;

/** The audit log (owners): every staff action, newest first, filtered by person, kind and record. */
export function Component() {
  const t = useT(auditTexts);
  const locale = useLocale();
  const { list: answer, refusal } = useLoaderData<ListLoaded<AuditListAnswer>>();
  const linesOf = useChangeLines();

  const columns = useMemo<ListColumns<AuditRow>>(
    () => [
      {
        id: "createdAt",
        accessorFn: (row) => row.createdAt,
        header: t("col.when"),
        sortDescFirst: true,
        cell: ({ row }) => <span className="whitespace-nowrap">{consoleDate(row.original.createdAt, locale)}</span>,
      },
      {
        id: "who",
        header: t("col.who"),
        enableSorting: false,
        cell: ({ row }) => <span className="[overflow-wrap:anywhere]">{actorName(row.original.actor, locale)}</span>,
      },
      { id: "what", header: t("col.what"), enableSorting: false, cell: ({ row }) => actionLabel(t, row.original.action) },
      { id: "record", header: t("col.record"), enableSorting: false, cell: ({ row }) => <RecordName row={row.original} /> },
      { id: "change", header: t("col.change"), enableSorting: false, cell: ({ row }) => <Changes lines={linesOf(row.original)} /> },
      {
        id: "from",
        header: t("col.from"),
        enableSorting: false,
        cell: ({ row }) => <span className="font-mono text-xs">{row.original.ip ?? "—"}</span>,
      },
    ],
    [t, locale, linesOf],
  );
  const list = useDataTable({
    address,
    search: useSearchParams(),
    columns,
    rows: answer?.rows ?? [],
    rowId: (row) => String(row.id),
    answered: answer,
  });
  const { params } = list;

  if (refusal?.forbidden)
    return (
      <section>
        <title>{t("title")}</title>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <Notice tone="problem">{t("ownersOnly")}</Notice>
      </section>
    );

  return (
    <ConsoleList
      list={list}
      title={t("title")}
      intro={t("intro")}
      count={(count) => t("total", { count })}
      filters={
        <Form
          method="get"
          key={params.toString()}
          aria-label={t("filter.apply")}
          className="mt-6 grid gap-3 rounded-2xl border border-sand-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
        >
          <FilterChoice
            list={list}
            name="person"
            label={t("filter.person")}
            any={t("filter.everyone")}
            choices={(answer?.people ?? []).map((p) => ({ value: String(p.staffId), label: actorName(p.label, locale) }))}
          />
          <FilterChoice
            list={list}
            name="kind"
            label={t("filter.kind")}
            any={t("filter.allKinds")}
            choices={auditActions.map((a) => ({ value: a, label: t(`action.${a}`) }))}
          />
          <FilterChoice
            list={list}
            name="type"
            label={t("filter.recordType")}
            any={t("filter.anyRecord")}
            choices={auditRecordTypes.map((r) => ({ value: r, label: t(recordLabel[r]) }))}
          />
          <PageSize list={list} label={t("filter.size")} />
          {params.get("record") && <input type="hidden" name="record" value={params.get("record") ?? ""} />}
          {params.get("sort") && <input type="hidden" name="sort" value={params.get("sort") ?? ""} />}
          <div className="flex gap-2">
            <button type="submit" className="btn-primary px-5 py-2">
              {t("filter.apply")}
            </button>
            <Link to={address.path} className="btn-secondary px-5 py-2">
              {t("filter.reset")}
            </Link>
          </div>
        </Form>
      }
      refusal={refusal && t("badQuery", { error: refusal.message })}
      empty={t("empty")}
      card={(row) => (
        <div className="rounded-2xl border border-sand-200 bg-white p-4 text-sm">
          <p className="font-medium">{actionLabel(t, row.action)}</p>
          <p className="text-xs text-ink-600 [overflow-wrap:anywhere]">
            {consoleDate(row.createdAt, locale)} · {actorName(row.actor, locale)}
          </p>
          <p className="mt-1">
            <RecordName row={row} />
          </p>
          <Changes lines={linesOf(row)} />
        </div>
      )}
    />
  );
}

/** An action in the admin's language (one the console does not know yet as it is). */
function actionLabel(t: Translate<keyof (typeof auditTexts)["en"] & string>, value: string): string {
  return isAuditAction(value) ? t(`action.${value}`) : value;
}

/** A row's record by the name staff know it, linked to where it is seen. */
function RecordName({ row }: { row: AuditRow }) {
  const t = useT(auditTexts);
  const { record } = row;
  if (!record) return <span>—</span>;
  const type = t(recordLabel[record.type]);
  if (!record.name) return <span>{t("record.gone", { type })}</span>;
  return (
    <Link to={recordHref(record)} className="break-all underline underline-offset-4">
      {`${type} ${record.name}`}
    </Link>
  );
}

/** "Field: before → after", one line each. */
function Changes({ lines }: { lines: string[] }) {
  return (
    <ul className="space-y-0.5 text-xs">
      {lines.map((line) => (
        <li key={line} className="[overflow-wrap:anywhere]">
          {line}
        </li>
      ))}
    </ul>
  );
}
