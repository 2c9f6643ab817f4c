import { type ColumnDef, rowPaginationFeature, tableFeatures, useTable } from "@tanstack/react-table";
import { productPageSizes, productStatuses } from "@workshop/domain/admin-product-list.ts";
import { formatUsd } from "@workshop/domain/money.ts";
import { type ProductListAnswer, type ProductListRowAnswer, productListAnswer } from "@workshop/domain/staff-api/products.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { StatusPill } from "@workshop/ui/StatusPill.tsx";
import { TableShell } from "@workshop/ui/TableShell.tsx";
import { useMemo } from "react";
import { Link, redirect, useLoaderData, useLocation, useSearchParams } from "react-router";
import { api, apiBase, shopBase } from "#admin/api/client.ts";
import { productsTexts } from "#admin/i18n/products.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { ConsolePages, pageHrefOf } from "#admin/layout/ConsolePages.tsx";
import { FoldedFilters } from "#admin/layout/FoldedFilters.tsx";
import { EmptyList } from "#admin/layout/ListStates.tsx";
import { signedOutRedirect } from "#admin/session/session.ts";

/** The page the address asks for: the address is the list's whole state (search, status, page size, page). */
export async function loader({ request }: { request: Request }): Promise<ProductListAnswer> {
  const url = new URL(request.url);
  // A filter left empty is no filter: the address keeps only those that are set.
  const set = new URLSearchParams([...url.searchParams].filter(([, value]) => value !== ""));
  if (set.size !== url.searchParams.size) throw redirect(`${url.pathname}?${set}`);
  try {
    return await api(`/api/admin/products${url.search}`, { answer: productListAnswer, signal: request.signal });
  } catch (error) {
    return signedOutRedirect(error);
  }
}

/** What the product page says happened when it sends someone back here (a deleted product). */
export type ProductsNotice = { deleted: number };

const features = tableFeatures({ rowPaginationFeature });

/** The Products tab: every product, hidden ones too, searched, filtered and paged by the API. */
export function Component() {
  const t = useT(productsTexts);
  const locale = useLocale();
  const list = useLoaderData<ProductListAnswer>();
  const notice = useLocation().state as ProductsNotice | null;
  const [params] = useSearchParams();
  const { page, limit, total, totalPages } = list.pagination;

  const columns = useMemo<ColumnDef<typeof features, ProductListRowAnswer>[]>(
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
  const table = useTable({
    features,
    columns,
    data: list.rows,
    getRowId: (row) => String(row.id),
    manualPagination: true,
    rowCount: total,
    state: { pagination: { pageIndex: page - 1, pageSize: limit } },
  });

  const pageHref = pageHrefOf(params);
  const activeFilters = ["q", "status"].filter((name) => params.get(name)).length;
  const exportUrl = (format: string) => `${apiBase()}/api/products/export${format === "js" ? "" : `?format=${format}`}`;

  return (
    <section>
      <title>{t("title")}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="mt-1 text-sm text-ink-700">{t("intro")}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
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
        </div>
      </div>
      {notice?.deleted && <Notice tone="done">{t("done.deleted", { id: notice.deleted })}</Notice>}

      <FoldedFilters
        id="product-filters"
        label={t("filter.legend")}
        toggle={t("filters")}
        active={activeFilters}
        apply={t("filter.apply")}
        reset={t("filter.reset")}
        resetTo="/admin/products"
      >
        <label className="text-sm font-medium lg:col-span-2">
          {t("filter.search")}
          <input
            type="search"
            name="q"
            defaultValue={params.get("q") ?? ""}
            maxLength={100}
            placeholder={t("filter.searchHint")}
            className="mt-1 block w-full rounded-xl border border-sand-300 px-3 py-2"
          />
        </label>
        <label className="text-sm font-medium">
          {t("filter.status")}
          <select
            name="status"
            defaultValue={params.get("status") ?? ""}
            className="mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2"
          >
            <option value="">{t("filter.any")}</option>
            {productStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`filter.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          {t("filter.limit")}
          <select
            name="limit"
            defaultValue={String(limit)}
            className="mt-1 block w-full rounded-xl border border-sand-300 bg-white px-3 py-2"
          >
            {productPageSizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </FoldedFilters>

      {list.rows.length === 0 ? (
        <EmptyList text={t("empty")} total={total} firstPage={{ href: pageHref(1), label: t("firstPage") }} />
      ) : (
        <>
          <p className="mt-4 text-sm text-ink-700">{t("total", { count: total.toLocaleString(locale) })}</p>
          {/* A phone shows each product as a card, its links in reach; a wider screen the table. */}
          <ul className="mt-3 space-y-3 md:hidden" aria-label={t("title")}>
            {list.rows.map((p) => (
              <li key={p.id} className="flex gap-3 rounded-2xl border border-sand-200 bg-white p-4">
                <Thumbnail url={p.thumbnailUrl} />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words">
                    <span className="text-ink-600 tabular-nums">{p.id}</span> · {p.name}
                  </p>
                  <p className="text-sm tabular-nums">{formatUsd(p.priceCents)}</p>
                  <ProductPills product={p} />
                  <ProductLinks product={p} />
                </div>
              </li>
            ))}
          </ul>
          <TableShell table={table} className="mt-3" />
          {totalPages > 1 && <ConsolePages page={page} pages={totalPages} hrefOf={pageHref} />}
        </>
      )}
    </section>
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
