import {
  type ColumnDef,
  functionalUpdate,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { actorName } from "@workshop/domain/actor-names.ts";
import { auditActions, isAuditAction } from "@workshop/domain/audit-actions.ts";
import type { Translate } from "@workshop/domain/i18n/core.ts";
import {
  type AuditListAnswer,
  type AuditRow,
  auditListAnswer,
  auditPageSizes,
  auditRecordTypes,
} from "@workshop/domain/staff-api/audit.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { TableShell } from "@workshop/ui/TableShell.tsx";
import { useMemo } from "react";
import { Form, Link, redirect, useLoaderData, useSearchParams } from "react-router";
import { ApiError, api } from "#admin/api/client.ts";
import { consoleDate } from "#admin/dates.ts";
import { auditTexts } from "#admin/i18n/audit.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { ConsolePages, pageHrefOf } from "#admin/layout/ConsolePages.tsx";
import { signedOutRedirect } from "#admin/session/session.ts";
import { useChangeLines } from "./change-lines.ts";
import { recordHref } from "./record-link.ts";

type Loaded = { list: AuditListAnswer; refusal: null } | { list: null; refusal: "owners" | string };

/** The page the address asks for: the address is the log's whole state (filters, sort, page). */
export async function loader({ request }: { request: Request }): Promise<Loaded> {
  const url = new URL(request.url);
  // A filter left empty is no filter: the address keeps only those that are set.
  const set = new URLSearchParams([...url.searchParams].filter(([, value]) => value !== ""));
  if (set.size !== url.searchParams.size) throw redirect(`${url.pathname}?${set}`);
  try {
    return { list: await api(`/api/admin/audit${url.search}`, { answer: auditListAnswer, signal: request.signal }), refusal: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return { list: null, refusal: "owners" };
    if (error instanceof ApiError && error.status === 400) return { list: null, refusal: error.message };
    return signedOutRedirect(error);
  }
}

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });
const recordLabel = {
  order: "record.order",
  staff: "record.staff",
  message: "record.message",
  product: "record.product",
  "custom-order": "record.customOrder",
} as const;
const field = "mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2";

/** The audit log (owners): every staff action, newest first, filtered by person, kind and record. */
export function Component() {
  const t = useT(auditTexts);
  const locale = useLocale();
  const { list, refusal } = useLoaderData<Loaded>();
  const [params, setParams] = useSearchParams();
  const sorting: SortingState = [{ id: "createdAt", desc: params.get("sort") !== "createdAt" }];
  const size = list?.size ?? auditPageSizes[0];
  const page = list?.page ?? 1;
  const action = (value: string) => actionLabel(t, value);
  const linesOf = useChangeLines();

  const columns = useMemo<ColumnDef<typeof features, AuditRow>[]>(
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

  const table = useTable({
    features,
    columns,
    data: list?.rows ?? [],
    getRowId: (row) => String(row.id),
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    rowCount: list?.total ?? 0,
    state: { sorting, pagination: { pageIndex: page - 1, pageSize: size } },
    onSortingChange: (updater) => {
      const [next] = functionalUpdate(updater, sorting);
      setParams((current) => {
        const changed = new URLSearchParams(current);
        changed.delete("page");
        if (next && !next.desc) changed.set("sort", "createdAt");
        else changed.delete("sort");
        return changed;
      });
    },
  });

  if (refusal === "owners")
    return (
      <section>
        <title>{t("title")}</title>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <Notice tone="problem">{t("ownersOnly")}</Notice>
      </section>
    );

  const pageHref = pageHrefOf(params);

  return (
    <section>
      <title>{t("title")}</title>
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-1 text-sm text-ink-600">{t("intro")}</p>
      <Form
        method="get"
        key={params.toString()}
        aria-label={t("filter.apply")}
        className="mt-6 grid gap-3 rounded-2xl border border-sand-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      >
        <label className="text-sm font-medium">
          {t("filter.person")}
          <select name="person" defaultValue={params.get("person") ?? ""} className={field}>
            <option value="">{t("filter.everyone")}</option>
            {(list?.people ?? []).map((p) => (
              <option key={p.staffId} value={p.staffId}>
                {actorName(p.label, locale)}
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
            {auditRecordTypes.map((r) => (
              <option key={r} value={r}>
                {t(recordLabel[r])}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          {t("filter.size")}
          <select name="size" defaultValue={String(size)} className={field}>
            {[...auditPageSizes]
              .sort((a, b) => a - b)
              .map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
          </select>
        </label>
        {params.get("record") && <input type="hidden" name="record" value={params.get("record") ?? ""} />}
        {params.get("sort") && <input type="hidden" name="sort" value={params.get("sort") ?? ""} />}
        <div className="flex gap-2">
          <button type="submit" className="btn-primary px-5 py-2">
            {t("filter.apply")}
          </button>
          <Link to="/admin/audit" className="btn-secondary px-5 py-2">
            {t("filter.reset")}
          </Link>
        </div>
      </Form>

      {refusal !== null ? (
        <Notice tone="problem">{t("badQuery", { error: refusal })}</Notice>
      ) : list && list.rows.length === 0 ? (
        <p className="mt-4 text-ink-700">{t("empty")}</p>
      ) : (
        <>
          <p className="mt-4 text-sm text-ink-600">{t("total", { count: list?.total ?? 0 })}</p>
          {/* A phone shows each entry as a card; a wider screen the table. */}
          <ul className="mt-2 space-y-3 md:hidden" aria-label={t("title")}>
            {table.getRowModel().rows.map(({ original: row }) => (
              <li key={row.id} className="rounded-2xl border border-sand-200 bg-white p-4 text-sm">
                <p className="font-medium">{action(row.action)}</p>
                <p className="text-xs text-ink-600 [overflow-wrap:anywhere]">
                  {consoleDate(row.createdAt, locale)} · {actorName(row.actor, locale)}
                </p>
                <p className="mt-1">
                  <RecordName row={row} />
                </p>
                <Changes lines={linesOf(row)} />
              </li>
            ))}
          </ul>
          <TableShell table={table} className="mt-2" />
          {list && list.pages > 1 && <ConsolePages page={page} pages={list.pages} hrefOf={pageHref} />}
        </>
      )}
    </section>
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
