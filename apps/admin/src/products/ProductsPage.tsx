import { productPageSizes, productStatuses } from "@workshop/domain/admin-product-list.ts";
import { formatUsd } from "@workshop/domain/money.ts";
import { type ProductListAnswer, type ProductListRowAnswer, productListAnswer } from "@workshop/domain/staff-api/products.ts";
import { FilterChoice, FilterField, PageSize } from "@workshop/ui/ListControls.tsx";
import type { ListAddress } from "@workshop/ui/list-address.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { StatusPill } from "@workshop/ui/StatusPill.tsx";
import { type ListColumns, useDataTable } from "@workshop/ui/use-data-table.ts";
import { useMemo } from "react";
import { Link, useLoaderData, useLocation, useSearchParams } from "react-router";
import { apiBase, shopBase } from "#admin/api/client.ts";
import { productsTexts } from "#admin/i18n/products.ts";
import { useT } from "#admin/i18n/use-t.ts";
import { ConsoleList } from "#admin/layout/ConsoleList.tsx";
import { FoldedFilters } from "#admin/layout/FoldedFilters.tsx";
import { type ListLoaded, listLoader } from "#admin/layout/list-loader.ts";

/** The page the address asks for: the address is the list's whole state (search, status, page size, page). */
export const loader = listLoader("/api/admin/products", productListAnswer);

/** What the product page says happened when it sends someone back here (a deleted product). */
export type ProductsNotice = { deleted: number };

const address: ListAddress = { path: "/admin/products", sizes: productPageSizes, sizeName: "limit", filters: ["q", "status"] };

/** The Products tab: every product, hidden ones too, searched, filtered and paged by the API. */
export function Component() {
  const t = useT(productsTexts);
  const { list: answer, refusal } = useLoaderData<ListLoaded<ProductListAnswer>>();
  const notice = useLocation().state as ProductsNotice | null;

  const columns = useMemo<ListColumns<ProductListRowAnswer>>(
    () => [
      { id: "id", header: t("col.id"), cell: ({ row }) => <span className="tabular-nums">{row.original.id}</span> },
      { id: "image", header: t("col.image"), cell: ({ row }) => <Thumbnail url={row.original.thumbnailUrl} /> },
      { id: "name", header: t("col.name"), cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
      {
        id: "price",
        header: t("col.price"),
        cell: ({ row }) => <span className="tabular-nums">{formatUsd(row.original.priceCents)}</span>,
      },
      { id: "status", header: t("col.status"), cell: ({ row }) => <ProductPills product={row.original} /> },
      { id: "actions", header: t("col.actions"), cell: ({ row }) => <ProductLinks product={row.original} /> },
    ],
    [t],
  );
  // The products API names its page size `limit` and its pages `totalPages`.
  const pagination = answer?.pagination;
  const list = useDataTable({
    address,
    search: useSearchParams(),
    columns,
    rows: answer?.rows ?? [],
    rowId: (row) => String(row.id),
    answered: pagination ? { page: pagination.page, size: pagination.limit, total: pagination.total, pages: pagination.totalPages } : null,
  });
  const exportUrl = (format: string) => `${apiBase()}/api/products/export${format === "js" ? "" : `?format=${format}`}`;

  return (
    <ConsoleList
      list={list}
      title={t("title")}
      intro={t("intro")}
      count={(count) => t("total", { count })}
      actions={
        <>
          <Link to="/admin/products/new" className="btn-primary">
            {t("add")}
          </Link>
          <a href={exportUrl("js")} download="products.js" className="btn-secondary" title={t("exportHint")}>
            {t("export")}
          </a>
          <a href={exportUrl("csv")} download="products.csv" aria-label={t("exportAs", { format: "CSV" })} className="btn-secondary">
            {t("exportCsv")}
          </a>
          <a href={exportUrl("json")} download="products.json" aria-label={t("exportAs", { format: "JSON" })} className="btn-secondary">
            {t("exportJson")}
          </a>
        </>
      }
      filters={
        <>
          {notice?.deleted && <Notice tone="done">{t("done.deleted", { id: notice.deleted })}</Notice>}
          <FoldedFilters
            id="product-filters"
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
              choices={productStatuses.map((s) => ({ value: s, label: t(`filter.${s}`) }))}
            />
            <PageSize list={list} label={t("filter.limit")} />
          </FoldedFilters>
        </>
      }
      refusal={refusal && t("badQuery", { error: refusal.message })}
      empty={t("empty")}
      card={(p) => (
        <div className="flex gap-3 rounded-2xl border border-sand-200 bg-white p-4">
          <Thumbnail url={p.thumbnailUrl} />
          <div className="min-w-0 flex-1">
            <p className="font-semibold break-words">
              <span className="text-ink-600 tabular-nums">{p.id}</span> · {p.name}
            </p>
            <p className="text-sm tabular-nums">{formatUsd(p.priceCents)}</p>
            <ProductPills product={p} />
            <ProductLinks product={p} />
          </div>
        </div>
      )}
    />
  );
}

function Thumbnail({ url }: { url: string | null }) {
  return (
    <div className="size-12 shrink-0 overflow-hidden rounded-lg bg-sand-100">
      {url && <img src={url} alt="" width={48} height={48} loading="lazy" className="size-full object-cover" />}
    </div>
  );
}

function ProductPills({ product }: { product: ProductListRowAnswer }) {
  const t = useT(productsTexts);
  return (
    <span className="mt-1 flex flex-wrap gap-1">
      <StatusPill tone={product.inStock ? "done" : "neutral"} label={t(product.inStock ? "inStock" : "soldOut")} />
      {product.isNew && <StatusPill tone="new" label={t("new")} />}
      {product.isFeatured && <StatusPill tone="waiting" label={t("featured")} />}
      {product.hidden && <StatusPill tone="problem" label={t("hidden")} />}
    </span>
  );
}

function ProductLinks({ product }: { product: ProductListRowAnswer }) {
  const t = useT(productsTexts);
  return (
    <span className="mt-2 flex flex-wrap gap-3 whitespace-nowrap">
      <Link
        to={`/admin/products/${product.id}`}
        aria-label={t("editLabel", { name: product.name })}
        className="font-medium underline underline-offset-4"
      >
        {t("edit")}
      </Link>
      {!product.hidden && (
        <a
          href={`${shopBase()}/products/${product.id}`}
          target="_blank"
          rel="noopener"
          aria-label={t("viewLabel", { name: product.name })}
          className="font-medium underline underline-offset-4"
        >
          {t("view")}
        </a>
      )}
    </span>
  );
}
