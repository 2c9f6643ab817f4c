import { type CatalogFilter, filterToQuery, parseFilter, sortOptions } from "@workshop/domain/catalog-filter.ts";
import { pageWindow } from "@workshop/domain/page-window.ts";
import { seoTags } from "@workshop/domain/seo.ts";
import { productListAnswer, productListKeys } from "@workshop/domain/shop-api/catalog.ts";
import { EmptyState } from "@workshop/ui/EmptyState.tsx";
import { useNavigate, useNavigation } from "react-router";
import { apiGet } from "#app/api/client.server.ts";
import { LoadError } from "#app/components/LoadError.tsx";
import { Form, Link, useLocalePath } from "#app/components/localized.tsx";
import { ProductCard } from "#app/components/ProductCard.tsx";
import { catalog } from "#app/i18n/catalog.ts";
import { metaLocale, translator, useT } from "#app/i18n/core.ts";
import { publicPage } from "#app/web/cache-policy.ts";
import { localeOf } from "#app/web/locale.ts";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const locale = metaLocale(matches);
  const t = translator(catalog, locale);
  const origin = matches[0]?.loaderData.origin ?? "";
  const page = loaderData?.page.page ?? 1;
  const title = page > 1 ? `${t("list.metaTitle")} · ${t("list.page", { page })}` : t("list.metaTitle");
  return seoTags({ title, description: t("list.metaDescription"), path: "/products", origin, locale });
};

export const headers: Route.HeadersFunction = publicPage;

/**
 * The list as the API reads the page's query: the list's keys only, each part passed on as it came
 * (still escaped, repeats in order), so that the API's address is never longer than the page's.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const parts = new URL(request.url).search.slice(1).split("&");
  const query = parts.filter((part) => (productListKeys as readonly string[]).includes(keyOf(part)));
  query.push(`lang=${localeOf(request)}`);
  return apiGet(request, `/api/shop/products?${query.join("&")}`, productListAnswer);
}

/** The key of one `key=value` part of a query. */
function keyOf(part: string): string {
  const key = part.split("=", 1)[0]!.replaceAll("+", " ");
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { filter, page } = loaderData;
  const t = useT(catalog);
  const navigation = useNavigation();
  const lp = useLocalePath();
  const loading = navigation.state === "loading" && navigation.location.pathname === lp("/products");

  return (
    <div className="container-page py-10 sm:py-14">
      <header className="max-w-2xl">
        <h1 className="text-4xl font-semibold sm:text-5xl">{t("list.title")}</h1>
        <p className="mt-3 text-lg text-ink-700">{t("list.intro")}</p>
      </header>

      <Filters filter={filter} sizes={page.sizes} />

      <div className="relative mt-8" aria-busy={loading}>
        {loading && (
          <p
            role="status"
            className="absolute inset-x-0 top-0 z-10 mx-auto w-fit rounded-full bg-ink-900 px-4 py-2 text-sm text-sand-50 shadow"
          >
            {t("list.loading")}
          </p>
        )}
        <p className="mb-4 text-sm text-ink-500">{page.total === 1 ? t("list.countOne") : t("list.count", { count: page.total })}</p>
        {page.products.length === 0 ? (
          <EmptyState
            text={t("list.empty")}
            action={
              <Link to="/products" preventScrollReset className="btn-primary">
                {t("list.reset")}
              </Link>
            }
          />
        ) : (
          <ul className={`grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 lg:grid-cols-4 ${loading ? "opacity-60" : ""}`}>
            {page.products.map((p, i) => (
              <li key={p.id}>
                <ProductCard product={p} priority={i < 2} headingLevel={2} />
              </li>
            ))}
          </ul>
        )}
        <Pagination filter={filter} totalPages={page.totalPages} />
      </div>
    </div>
  );
}

/** One GET form: without JavaScript it submits to the server; with it, changes apply at once. */
function Filters({ filter, sizes }: { filter: CatalogFilter; sizes: number[] }) {
  const t = useT(catalog);
  const navigate = useNavigate();
  const lp = useLocalePath();
  // With JavaScript, a change applies at once and the URL keeps the short form of the filter.
  const apply = (form: HTMLFormElement, submitter?: HTMLElement | null) => {
    const query = new URLSearchParams(new FormData(form, submitter) as unknown as Record<string, string>);
    navigate(lp(`/products${filterToQuery({ ...parseFilter(query), page: 1 })}`), { preventScrollReset: true });
  };
  const chip = (active: boolean) =>
    `rounded-full border px-4 py-2 text-sm font-medium transition ${
      active ? "border-ink-900 bg-ink-900 text-sand-50" : "border-sand-300 bg-white text-ink-700 hover:border-ink-700"
    }`;

  return (
    <Form
      method="get"
      action="/products"
      onChange={(e) => apply(e.currentTarget)}
      onSubmit={(e) => {
        e.preventDefault();
        apply(e.currentTarget, (e.nativeEvent as SubmitEvent).submitter);
      }}
      key={filterToQuery(filter)}
      aria-label={t("list.filters")}
      className="mt-8 space-y-5 border-y border-sand-200 py-5"
    >
      <input type="hidden" name="availability" value="none" />
      {filter.size !== null && <input type="hidden" name="size" value={filter.size} />}
      <fieldset>
        <legend className="mb-2 text-xs font-semibold uppercase tracking-wider text-ink-500">{t("list.size")}</legend>
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="size" value="" aria-pressed={filter.size === null} className={chip(filter.size === null)}>
            {t("list.allSizes")}
          </button>
          {sizes.map((s) => (
            <button key={s} type="submit" name="size" value={s} aria-pressed={filter.size === s} className={chip(filter.size === s)}>
              {t("list.sizeLabel", { size: s })}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <fieldset className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <legend className="mb-2 text-xs font-semibold uppercase tracking-wider text-ink-500">{t("list.availability")}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="availability" value="in" defaultChecked={filter.inStock} className="size-4 accent-ink-900" />
            {t("list.inStock")}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="availability" value="out" defaultChecked={filter.outOfStock} className="size-4 accent-ink-900" />
            {t("list.outOfStock")}
          </label>
        </fieldset>
        {/* Wraps on a phone: the sort list and the no-script Apply button never push the page wider. */}
        <div className="flex min-w-0 max-w-full flex-wrap items-center gap-3">
          <label htmlFor="sort" className="text-sm text-ink-700">
            {t("list.sort")}
          </label>
          <select
            id="sort"
            name="sort"
            defaultValue={filter.sort}
            className="min-w-0 max-w-full rounded-full border border-sand-300 bg-white px-4 py-2 text-sm"
          >
            {sortOptions.map((s) => (
              <option key={s} value={s}>
                {t(`list.sort.${s}`)}
              </option>
            ))}
          </select>
          {/* Only a page without JavaScript needs it: with it, a change applies at once (and nothing moves when it loads). */}
          <noscript>
            <button type="submit" className="btn-primary px-4 py-2">
              {t("list.apply")}
            </button>
          </noscript>
        </div>
      </div>
    </Form>
  );
}

function Pagination({ filter, totalPages }: { filter: CatalogFilter; totalPages: number }) {
  const t = useT(catalog);
  if (totalPages <= 1) return null;
  const to = (page: number) => `/products${filterToQuery({ ...filter, page })}`;
  const item = "flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-medium";
  return (
    <nav aria-label={t("list.pagination")} className="mt-12 flex flex-wrap items-center justify-center gap-1">
      {filter.page > 1 ? (
        <Link to={to(filter.page - 1)} className={`${item} hover:bg-sand-200`}>
          {t("list.previous")}
        </Link>
      ) : (
        <span className={`${item} text-ink-500/60`} aria-disabled="true">
          {t("list.previous")}
        </span>
      )}
      {pageWindow(filter.page, totalPages).map((n, i) =>
        n === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
          <span key={`gap-${i}`} aria-hidden className={`${item} px-1 text-ink-500`}>
            …
          </span>
        ) : (
          <Link
            key={n}
            to={to(n)}
            aria-label={t("list.page", { page: n })}
            aria-current={n === filter.page ? "page" : undefined}
            className={`${item} ${n === filter.page ? "bg-ink-900 text-sand-50" : "hover:bg-sand-200"}`}
          >
            {n}
          </Link>
        ),
      )}
      {filter.page < totalPages ? (
        <Link to={to(filter.page + 1)} className={`${item} hover:bg-sand-200`}>
          {t("list.next")}
        </Link>
      ) : (
        <span className={`${item} text-ink-500/60`} aria-disabled="true">
          {t("list.next")}
        </span>
      )}
    </nav>
  );
}

export function ErrorBoundary() {
  return <LoadError />;
}
