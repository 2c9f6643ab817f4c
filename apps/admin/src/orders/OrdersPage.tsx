import { orderStatusLabels } from "@workshop/domain/i18n/order-statuses.ts";
import { refundStateLabels } from "@workshop/domain/i18n/refund-states.ts";
import { orderStatuses, paymentStatuses } from "@workshop/domain/order-status.ts";
import { paymentMethodName, paymentMethods } from "@workshop/domain/payment-methods.ts";
import { refundStates } from "@workshop/domain/refunds.ts";
import { type MakingStagesAnswer, makingStagesAnswer } from "@workshop/domain/staff-api/making.ts";
import {
  type OrderListAnswer,
  type OrderListRow,
  orderListAnswer,
  orderPageSizes,
  orderQueues,
  orderSorts,
} from "@workshop/domain/staff-api.ts";
import { FilterChoice, FilterField, PageSize } from "@workshop/ui/ListControls.tsx";
import type { ListAddress } from "@workshop/ui/list-address.ts";
import { statusTone } from "@workshop/ui/order-status-tone.ts";
import { Price } from "@workshop/ui/Price.tsx";
import { StatusPill } from "@workshop/ui/StatusPill.tsx";
import { type ListColumns, useDataTable } from "@workshop/ui/use-data-table.ts";
import { useMemo } from "react";
import { Link, useLoaderData, useSearchParams } from "react-router";
import { api, apiBase } from "#admin/api/client.ts";
import { consoleDate } from "#admin/dates.ts";
import { ordersTexts } from "#admin/i18n/orders.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { ConsoleList } from "#admin/layout/ConsoleList.tsx";
import { FoldedFilters } from "#admin/layout/FoldedFilters.tsx";
import { type ListLoaded, listLoader } from "#admin/layout/list-loader.ts";
import { stageName } from "#admin/making/stage-name.ts";
import { signedOutRedirect } from "#admin/session/session.ts";
import { RefundPills } from "./RefundPills.tsx";

const listOf = listLoader("/api/admin/orders", orderListAnswer);
type Loaded = ListLoaded<OrderListAnswer> & { stages: MakingStagesAnswer["stages"] };

/** The page the address asks for (the address is the list's whole state: filters, sort, page), and the making's stages to filter by. */
export async function loader({ request }: { request: Request }): Promise<Loaded> {
  const [list, stages] = await Promise.all([
    listOf({ request }),
    api("/api/admin/making/stages", { answer: makingStagesAnswer, signal: request.signal }).catch(signedOutRedirect),
  ]);
  return { ...list, stages: stages.stages };
}

const address: ListAddress = {
  path: "/admin/orders",
  sizes: orderPageSizes,
  sorts: orderSorts,
  filters: ["q", "status", "paymentStatus", "method", "queue", "making", "refund", "from", "to"],
};

/** The Orders tab: every order, searched, filtered, sorted and paged by the API. */
export function Component() {
  const t = useT(ordersTexts);
  const label = useT(orderStatusLabels);
  const refundLabel = useT(refundStateLabels);
  const locale = useLocale();
  const { list: answer, refusal, stages } = useLoaderData<Loaded>();

  const columns = useMemo<ListColumns<OrderListRow>>(
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
  const list = useDataTable({
    address,
    search: useSearchParams(),
    columns,
    rows: answer?.rows ?? [],
    rowId: (row) => row.id,
    answered: answer,
  });
  const { params } = list;

  // The CSV holds every order of the current filters and search: page and page size aside.
  const csvParams = new URLSearchParams([...params].filter(([name]) => name !== "page" && name !== "size"));
  const csvQuery = csvParams.size > 0 ? `?${csvParams}` : "";

  return (
    <ConsoleList
      list={list}
      title={t("title")}
      intro={t("intro")}
      count={(count) => t("total", { count })}
      actions={
        <a href={`${apiBase()}/api/admin/orders.csv${csvQuery}`} download className="btn-secondary">
          {t("export")}
        </a>
      }
      filters={
        <FoldedFilters
          id="order-filters"
          label={t("filter.legend")}
          toggle={t("filters")}
          active={list.activeFilters}
          apply={t("filter.apply")}
          reset={t("filter.reset")}
          resetTo={address.path}
        >
          <FilterField
            list={list}
            name="q"
            type="search"
            label={t("filter.search")}
            placeholder={t("filter.searchHint")}
            maxLength={100}
            wide
          />
          <FilterChoice
            list={list}
            name="status"
            label={t("filter.status")}
            any={t("filter.any")}
            choices={orderStatuses.map((s) => ({ value: s, label: label(`status.${s}`) }))}
          />
          <FilterChoice
            list={list}
            name="paymentStatus"
            label={t("filter.paymentStatus")}
            any={t("filter.any")}
            choices={paymentStatuses.map((s) => ({ value: s, label: label(`payment.${s}`) }))}
          />
          <FilterChoice
            list={list}
            name="method"
            label={t("filter.method")}
            any={t("filter.any")}
            choices={paymentMethods.map((m) => ({ value: m.code, label: paymentMethodName(m.code, locale) }))}
          />
          <FilterChoice
            list={list}
            name="queue"
            label={t("filter.queue")}
            any={t("filter.any")}
            choices={orderQueues.map((q) => ({ value: q, label: label(`queue.${q}`) }))}
          />
          <FilterChoice
            list={list}
            name="making"
            label={t("filter.making")}
            any={t("filter.any")}
            choices={stages.map((stage) => ({ value: String(stage.id), label: stageName(stage, locale) }))}
          />
          <FilterChoice
            list={list}
            name="refund"
            label={t("filter.refund")}
            any={t("filter.any")}
            choices={refundStates.map((state) => ({ value: state, label: refundLabel(state) }))}
          />
          <FilterField list={list} name="from" type="date" label={t("filter.from")} />
          <FilterField list={list} name="to" type="date" label={t("filter.to")} />
          <PageSize list={list} label={t("filter.size")} />
          {params.get("sort") && <input type="hidden" name="sort" value={params.get("sort") ?? ""} />}
        </FoldedFilters>
      }
      refusal={refusal && t("badQuery", { error: refusal.message })}
      empty={t("empty")}
      card={(order) => (
        <div className="rounded-2xl border border-sand-200 bg-white p-4">
          <div className="flex items-start justify-between gap-3">
            <div>
              <Link to={`/admin/orders/${order.id}`} className="font-semibold underline">
                {order.orderNumber}
              </Link>
              <p className="text-xs text-ink-600">{consoleDate(order.createdAt, locale)}</p>
            </div>
            <Price usdCents={order.totalCents} idr={order.totalIdr} className="text-right" />
          </div>
          <p className="mt-2 text-sm">
            {order.customerName} · {order.productName}
          </p>
          <OrderPills order={order} className="mt-2 flex-wrap" />
        </div>
      )}
    />
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
