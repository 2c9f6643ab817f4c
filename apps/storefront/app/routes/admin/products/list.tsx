import { productListPage } from "@workshop/api/catalog/admin-list.ts";
import { requireStaffPage } from "@workshop/api/staff/guard.ts";
import { type ProductListQuery, productListQuery, productPageSizes, productStatuses } from "@workshop/domain/admin-product-list.ts";
import { formatUsd } from "@workshop/domain/money.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { data, Form } from "react-router";
import { AdminPages } from "#app/components/admin/AdminPages.tsx";
import { AdminTable } from "#app/components/admin/AdminTable.tsx";
import { ProductPhoto } from "#app/components/ProductPhoto.tsx";
import { adminProducts } from "#app/i18n/admin-products.ts";
import { useLocale, useT } from "#app/i18n/core.ts";
import type { Route } from "./+types/list";

const doneKinds = ["added", "updated", "deleted", "hidden", "shown"] as const;

/** The Products tab (SPEC 2.11): every product, searched, filtered and paged in the database. */
export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireStaffPage(request);
  const url = new URL(request.url);
  const query = productListQuery(url.searchParams);
  const doneParam = url.searchParams.get("done") ?? "";
  const done = (doneKinds as readonly string[]).includes(doneParam) ? (doneParam as (typeof doneKinds)[number]) : null;
  const doneId = /^\d{1,9}$/.test(url.searchParams.get("id") ?? "") ? url.searchParams.get("id")! : "";
  const choices = { statuses: [...productStatuses], pageSizes: [...productPageSizes] };
  try {
    const { rows, pagination } = await productListPage(query, user.locale);
    return { query, rows, pagination, choices, done, doneId, failed: false };
  } catch (error) {
    console.error("admin products not loaded", error);
    const pagination = { page: query.page, limit: query.limit, total: 0, totalPages: 0 };
    return data({ query, rows: [], pagination, choices, done, doneId, failed: true }, { status: 503 });
  }
}

function listHref(query: ProductListQuery, change: Partial<ProductListQuery> = {}): string {
  const merged = { ...query, ...change };
  const params = new URLSearchParams();
  if (merged.q) params.set("q", merged.q);
  if (merged.status) params.set("status", merged.status);
  if (merged.limit !== productPageSizes[0]) params.set("limit", String(merged.limit));
  if (merged.page > 1) params.set("page", String(merged.page));
  const text = params.toString();
  return text ? `/admin/products?${text}` : "/admin/products";
}

const field = "mt-1 block w-full rounded-lg border border-sand-300 bg-white px-3 py-2 text-sm";

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const t = useT(adminProducts);
  const locale = useLocale();
  const { query, rows, pagination, choices, done, doneId, failed } = loaderData;
  return (
    <section>
      <title>{t("title")}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="mt-1 text-sm text-ink-600">{t("intro")}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <a href="/admin/products/new" className="btn-primary px-4 py-2 text-sm">
            {t("add")}
          </a>
          <a href="/api/products/export" download="products.js" className="btn-secondary px-4 py-2 text-sm" title={t("exportHint")}>
            {t("export")}
          </a>
          <a
            href="/api/products/export?format=csv"
            download="products.csv"
            aria-label={t("exportAs", { format: "CSV" })}
            className="px-2 py-2 text-sm underline underline-offset-4"
          >
            {t("exportCsv")}
          </a>
          <a
            href="/api/products/export?format=json"
            download="products.json"
            aria-label={t("exportAs", { format: "JSON" })}
            className="px-2 py-2 text-sm underline underline-offset-4"
          >
            {t("exportJson")}
          </a>
        </div>
      </div>
      {done && <Notice tone="done">{t(`done.${done}`, { id: doneId })}</Notice>}

      <Form
        method="get"
        action="/admin/products"
        aria-label={t("filter.legend")}
        className="mt-6 flex flex-wrap items-end gap-3 rounded-2xl border border-sand-200 bg-white p-4"
      >
        <label className="min-w-48 flex-1 text-sm font-medium">
          {t("filter.search")}
          <input type="search" name="q" defaultValue={query.q} maxLength={100} placeholder={t("filter.searchHint")} className={field} />
        </label>
        <label className="text-sm font-medium">
          {t("filter.status")}
          <select name="status" defaultValue={query.status} className={field}>
            <option value="">{t("filter.any")}</option>
            {choices.statuses.map((s) => (
              <option key={s} value={s}>
                {t(`filter.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          {t("filter.limit")}
          <select name="limit" defaultValue={String(query.limit)} className={field}>
            {choices.pageSizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-primary px-5 py-2">
          {t("filter.apply")}
        </button>
        <a href="/admin/products" className="btn-secondary px-5 py-2">
          {t("filter.reset")}
        </a>
      </Form>

      {failed ? (
        <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <p>{t("loadError")}</p>
          <a href={listHref(query)} className="btn-secondary mt-3">
            {t("retry")}
          </a>
        </div>
      ) : rows.length === 0 ? (
        <>
          <p className="mt-6 text-ink-700">{t("empty")}</p>
          <AdminPages page={query.page} pages={pagination.totalPages} hrefOf={(page) => listHref(query, { page })} />
        </>
      ) : (
        <>
          <p className="mt-4 text-sm text-ink-600">{t("total", { count: pagination.total.toLocaleString(locale) })}</p>
          <AdminTable
            label={t("title")}
            columns={[t("col.id"), t("col.image"), t("col.name"), t("col.price"), t("col.status"), t("col.actions")]}
            width="min-w-[40rem]"
            className="mt-2 bg-white"
          >
            <tbody className="divide-y divide-sand-200">
              {rows.map((p) => (
                <tr key={p.id}>
                  <td className="px-3 py-2 tabular-nums">{p.id}</td>
                  <td className="px-3 py-2">
                    <div className="size-12 overflow-hidden rounded-lg">
                      <ProductPhoto image={p.image} alt="" sizes="48px" maxWidth={320} className="h-full" />
                    </div>
                  </td>
                  <td className="px-3 py-2 font-medium">{p.name}</td>
                  <td className="px-3 py-2 tabular-nums">{formatUsd(p.priceCents)}</td>
                  <td className="px-3 py-2">
                    <span className="flex flex-wrap gap-1">
                      <Badge tone={p.inStock ? "green" : "grey"}>{t(p.inStock ? "inStock" : "soldOut")}</Badge>
                      {p.isNew && <Badge tone="blue">{t("new")}</Badge>}
                      {p.isFeatured && <Badge tone="amber">{t("featured")}</Badge>}
                      {p.hidden && <Badge tone="red">{t("hidden")}</Badge>}
                    </span>
                  </td>
                  <td className="px-3 py-2">
                    <span className="flex flex-wrap gap-3 whitespace-nowrap">
                      <a
                        href={`/admin/products/${p.id}`}
                        aria-label={t("editLabel", { name: p.name })}
                        className="font-medium underline underline-offset-4"
                      >
                        {t("edit")}
                      </a>
                      <a
                        href={`/products/${p.id}`}
                        target="_blank"
                        rel="noopener"
                        aria-label={t("viewLabel", { name: p.name })}
                        className="font-medium underline underline-offset-4"
                      >
                        {t("view")}
                      </a>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
          <AdminPages page={query.page} pages={pagination.totalPages} hrefOf={(page) => listHref(query, { page })} />
        </>
      )}
    </section>
  );
}

const tones = {
  green: "bg-green-100 text-green-900",
  grey: "bg-sand-200 text-ink-800",
  blue: "bg-sky-100 text-sky-900",
  amber: "bg-amber-100 text-amber-900",
  red: "bg-red-100 text-red-900",
};

function Badge({ tone, children }: { tone: keyof typeof tones; children: React.ReactNode }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>{children}</span>;
}
