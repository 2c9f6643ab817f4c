import {
  type ColumnDef,
  functionalUpdate,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { orderStatusLabels } from "@workshop/domain/i18n/order-statuses.ts";
import { refundStateLabels } from "@workshop/domain/i18n/refund-states.ts";
import { orderStatuses, paymentStatuses } from "@workshop/domain/order-status.ts";
import { paymentMethodName, paymentMethods } from "@workshop/domain/payment-methods.ts";
import { refundStates } from "@workshop/domain/refunds.ts";
import {
  type OrderListAnswer,
  type OrderListRow,
  type OrderSort,
  orderListAnswer,
  orderPageSizes,
  orderQueues,
  orderSorts,
} from "@workshop/domain/staff-api.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { statusTone } from "@workshop/ui/order-status-tone.ts";
import { Price } from "@workshop/ui/Price.tsx";
import { StatusPill } from "@workshop/ui/StatusPill.tsx";
import { TableShell } from "@workshop/ui/TableShell.tsx";
import { useMemo } from "react";
import { Link, redirect, useLoaderData, useSearchParams } from "react-router";
import { ApiError, api, apiBase } from "#admin/api/client.ts";
import { consoleDate } from "#admin/dates.ts";
import { ordersTexts } from "#admin/i18n/orders.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { ConsolePages, pageHrefOf } from "#admin/layout/ConsolePages.tsx";
import { FoldedFilters } from "#admin/layout/FoldedFilters.tsx";
import { EmptyList } from "#admin/layout/ListStates.tsx";
import { signedOutRedirect } from "#admin/session/session.ts";
import { RefundPills } from "./RefundPills.tsx";

type Loaded = { list: OrderListAnswer; refusal: null } | { list: null; refusal: string };

/** The page the address asks for: the address is the list's whole state (filters, sort, page). */
export async function loader({ request }: { request: Request }): Promise<Loaded> {
  const url = new URL(request.url);
  // A filter left empty is no filter: the address keeps only those that are set.
  const set = new URLSearchParams([...url.searchParams].filter(([, value]) => value !== ""));
  if (set.size !== url.searchParams.size) throw redirect(`${url.pathname}?${set}`);
  const query = url.search;
  try {
    return { list: await api(`/api/admin/orders${query}`, { answer: orderListAnswer, signal: request.signal }), refusal: null };
  } catch (error) {
    // A hand-made address the API refuses says why, with a way back to the whole list.
    if (error instanceof ApiError && error.status === 400) return { list: null, refusal: error.message };
    return signedOutRedirect(error);
  }
}

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });

const sortOf = (sort: string | null): SortingState => {
  const value = (orderSorts as readonly string[]).includes(sort ?? "") ? (sort as OrderSort) : orderSorts[0];
  return [{ id: value.replace(/^-/, ""), desc: value.startsWith("-") }];
};

const filterNames = ["q", "status", "paymentStatus", "method", "queue", "refund", "from", "to", "size"] as const;

/** The Orders tab: every order, searched, filtered, sorted and paged by the API. */
export function Component() {
  const t = useT(ordersTexts);
  const label = useT(orderStatusLabels);
  const refundLabel = useT(refundStateLabels);
  const locale = useLocale();
  const { list, refusal } = useLoaderData<Loaded>();
  const [params, setParams] = useSearchParams();

  const sorting = sortOf(params.get("sort"));
  const size = list?.size ?? orderPageSizes[0];
  const page = list?.page ?? 1;

  const columns = useMemo<ColumnDef<typeof features, OrderListRow>[]>(
    () => [
      {
        id: "orderNumber",
        header: t("col.number"),
        enableSorting: false,
        cell: ({ row }) => (
          <Link
            to={`/admin/orders/${row.original.id}`}
            className="font-medium underline"
            aria-label={t("viewLabel", { number: row.original.orderNumber })}
          >
            {row.original.orderNumber}
          </Link>
        ),
      },
      // The API sorts; an accessor is what makes a column sortable in the table.
      {
        id: "createdAt",
        accessorFn: (row) => row.createdAt,
        header: t("col.date"),
        sortDescFirst: true,
        cell: ({ row }) => consoleDate(row.original.createdAt, locale),
      },
      {
        id: "customer",
        header: t("col.customer"),
        enableSorting: false,
        cell: ({ row }) => (
          <span className="flex flex-col">
            <span>{row.original.customerName}</span>
            <span className="text-xs text-ink-600">{row.original.email}</span>
          </span>
        ),
      },
      { id: "product", header: t("col.product"), enableSorting: false, cell: ({ row }) => row.original.productName },
      {
        id: "total",
        accessorFn: (row) => row.totalCents,
        header: t("col.total"),
        sortDescFirst: true,
        cell: ({ row }) => <Price usdCents={row.original.totalCents} idr={row.original.totalIdr} />,
      },
      {
        id: "status",
        header: t("col.status"),
        enableSorting: false,
        cell: ({ row }) => <OrderPills order={row.original} className="flex-col items-start" />,
      },
    ],
    [t, locale],
  );

  const table = useTable({
    features,
    columns,
    data: list?.rows ?? [],
    getRowId: (row) => row.id,
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    rowCount: list?.total ?? 0,
    state: { sorting, pagination: { pageIndex: page - 1, pageSize: size } },
    onSortingChange: (updater) => {
      const [next] = functionalUpdate(updater, sorting);
      setParams((current) => {
        const changed = new URLSearchParams(current);
        changed.delete("page");
        if (next) changed.set("sort", `${next.desc ? "-" : ""}${next.id}`);
        else changed.delete("sort");
        return changed;
      });
    },
  });

  const pageHref = pageHrefOf(params);
  // The CSV holds every order of the current filters and search: page and page size aside.
  const csvParams = new URLSearchParams([...params].filter(([name]) => name !== "page" && name !== "size"));
  const csvQuery = csvParams.size > 0 ? `?${csvParams}` : "";
  const activeFilters = filterNames.filter((name) => name !== "size" && params.get(name)).length;

  return (
    <section>
      <title>{t("title")}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="mt-1 text-sm text-ink-700">{t("intro")}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {list && <p className="text-sm text-ink-700">{t("total", { count: list.total })}</p>}
          <a href={`${apiBase()}/api/admin/orders.csv${csvQuery}`} download className="btn-secondary">
            {t("export")}
          </a>
        </div>
      </div>

      <FoldedFilters
        id="order-filters"
        label={t("filter.legend")}
        toggle={t("filters")}
        active={activeFilters}
        apply={t("filter.apply")}
        reset={t("filter.reset")}
        resetTo="/admin/orders"
      >
        <label className="text-sm font-medium lg:col-span-2">
          {t("filter.search")}
          <input
            name="q"
            type="search"
            defaultValue={params.get("q") ?? ""}
            placeholder={t("filter.searchHint")}
            maxLength={100}
            className="mt-1 block w-full rounded-xl border border-sand-300 px-3 py-2"
          />
        </label>
        <Choice name="status" label={t("filter.status")} any={t("filter.any")} value={params.get("status")}>
          {orderStatuses.map((s) => ({ value: s, label: label(`status.${s}`) }))}
        </Choice>
        <Choice name="paymentStatus" label={t("filter.paymentStatus")} any={t("filter.any")} value={params.get("paymentStatus")}>
          {paymentStatuses.map((s) => ({ value: s, label: label(`payment.${s}`) }))}
        </Choice>
        <Choice name="method" label={t("filter.method")} any={t("filter.any")} value={params.get("method")}>
          {paymentMethods.map((m) => ({ value: m.code, label: paymentMethodName(m.code, locale) }))}
        </Choice>
        <Choice name="queue" label={t("filter.queue")} any={t("filter.any")} value={params.get("queue")}>
          {orderQueues.map((q) => ({ value: q, label: label(`queue.${q}`) }))}
        </Choice>
        <Choice name="refund" label={t("filter.refund")} any={t("filter.any")} value={params.get("refund")}>
          {refundStates.map((state) => ({ value: state, label: refundLabel(state) }))}
        </Choice>
        <label className="text-sm font-medium">
          {t("filter.from")}
          <input
            name="from"
            type="date"
            defaultValue={params.get("from") ?? ""}
            className="mt-1 block w-full rounded-xl border border-sand-300 px-3 py-2"
          />
        </label>
        <label className="text-sm font-medium">
          {t("filter.to")}
          <input
            name="to"
            type="date"
            defaultValue={params.get("to") ?? ""}
            className="mt-1 block w-full rounded-xl border border-sand-300 px-3 py-2"
          />
        </label>
        <Choice name="size" label={t("filter.size")} value={String(size)}>
          {[...orderPageSizes].sort((a, b) => a - b).map((n) => ({ value: String(n), label: String(n) }))}
        </Choice>
        {params.get("sort") && <input type="hidden" name="sort" value={params.get("sort") ?? ""} />}
      </FoldedFilters>

      {refusal !== null ? (
        <Notice tone="problem">{t("badQuery", { error: refusal })}</Notice>
      ) : list && list.rows.length === 0 ? (
        <EmptyList text={t("empty")} total={list.total} firstPage={{ href: pageHref(1), label: t("firstPage") }} />
      ) : (
        <>
          {/* A phone shows each order as a card; a wider screen the table. */}
          <ul className="mt-6 space-y-3 md:hidden" aria-label={t("title")}>
            {table.getRowModel().rows.map((row) => (
              <li key={row.id} className="rounded-2xl border border-sand-200 bg-white p-4">
                <div className="flex items-start justify-between gap-3">
                  <div>
                    <Link to={`/admin/orders/${row.original.id}`} className="font-semibold underline">
                      {row.original.orderNumber}
                    </Link>
                    <p className="text-xs text-ink-600">{consoleDate(row.original.createdAt, locale)}</p>
                  </div>
                  <Price usdCents={row.original.totalCents} idr={row.original.totalIdr} className="text-right" />
                </div>
                <p className="mt-2 text-sm">
                  {row.original.customerName} · {row.original.productName}
                </p>
                <OrderPills order={row.original} className="mt-2 flex-wrap" />
              </li>
            ))}
          </ul>
          <TableShell table={table} />
          {list && list.pages > 1 && <ConsolePages page={page} pages={list.pages} hrefOf={pageHref} />}
        </>
      )}
    </section>
  );
}

/** A filter's select: "Any" first (no filter), then the choices. */
function Choice({
  name,
  label,
  any,
  value,
  children,
}: {
  name: string;
  label: string;
  any?: string;
  value: string | null;
  children: { value: string; label: string }[];
}) {
  return (
    <label className="text-sm font-medium">
      {label}
      <select name={name} defaultValue={value ?? ""} className="mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2">
        {any !== undefined && <option value="">{any}</option>}
        {children.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** An order's status and its payment's, each a pill with its one label in the admin's language; its refunds and return beside them. */
function OrderPills({
  order,
  className,
}: {
  order: Pick<OrderListRow, "status" | "paymentStatus" | "refundState" | "returnedAt">;
  className: string;
}) {
  const label = useT(orderStatusLabels);
  return (
    <span className={`flex gap-1 ${className}`}>
      <StatusPill tone={statusTone("status", order.status)} label={label(`status.${order.status}` as "status.NEW")} />
      <StatusPill tone={statusTone("payment", order.paymentStatus)} label={label(`payment.${order.paymentStatus}` as "payment.PENDING")} />
      <RefundPills refundState={order.refundState} returnedAt={order.returnedAt} />
    </span>
  );
}
