import { data } from "react-router";
import { AdminTable } from "#app/components/admin/AdminTable.tsx";
import { ProductPhoto } from "#app/components/ProductPhoto.tsx";
import { admin } from "#app/i18n/admin.ts";
import { useT } from "#app/i18n/core.ts";
import { formatUsd } from "#lib/money.ts";
import { allProducts } from "#server/catalog/products.ts";
import { requireStaffPage } from "#server/staff/guard.ts";
import type { Route } from "./+types/products";

/** The Products tab (SPEC 2.11): the catalogue in a table, each product viewable in the shop. */
export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireStaffPage(request);
  try {
    return { products: await allProducts(user.locale), failed: false };
  } catch (error) {
    console.error("admin products not loaded", error);
    return data({ products: [], failed: true }, { status: 503 });
  }
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const t = useT(admin);
  const { products, failed } = loaderData;
  return (
    <section>
      <title>{t("tab.products")}</title>
      <h1 className="text-2xl font-semibold">{t("tab.products")}</h1>
      <p className="mt-1 text-sm text-ink-600">{t("products.intro")}</p>
      {failed ? (
        <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <p>{t("products.loadError")}</p>
          {/* biome-ignore lint/a11y/useValidAnchor: an empty href reloads this page, also without JavaScript */}
          <a href="" className="btn-secondary mt-3">
            {t("error.retry")}
          </a>
        </div>
      ) : products.length === 0 ? (
        <p className="mt-6 text-ink-700">{t("products.empty")}</p>
      ) : (
        <AdminTable
          label={t("tab.products")}
          columns={[
            t("products.id"),
            t("products.image"),
            t("products.name"),
            t("products.price"),
            t("products.status"),
            t("products.actions"),
          ]}
          width="min-w-[40rem]"
          className="mt-6 bg-white"
        >
          <tbody className="divide-y divide-sand-200">
            {products.map((p) => (
              <tr key={p.id}>
                <td className="px-4 py-2 tabular-nums">{p.id}</td>
                <td className="px-4 py-2">
                  <ProductPhoto
                    image={p.images[0] ?? null}
                    alt=""
                    sizes="48px"
                    maxWidth={160}
                    className="h-12 w-12 rounded-lg object-cover"
                  />
                </td>
                <td className="px-4 py-2 font-medium">{p.name}</td>
                <td className="px-4 py-2 tabular-nums">{formatUsd(p.priceCents)}</td>
                <td className="px-4 py-2">
                  <span className="flex flex-wrap gap-1">
                    <Badge tone={p.inStock ? "green" : "grey"}>{t(p.inStock ? "products.inStock" : "products.soldOut")}</Badge>
                    {p.isNew && <Badge tone="blue">{t("products.new")}</Badge>}
                    {p.isFeatured && <Badge tone="amber">{t("products.featured")}</Badge>}
                  </span>
                </td>
                <td className="px-4 py-2">
                  <a
                    href={`/products/${p.id}`}
                    target="_blank"
                    rel="noopener"
                    aria-label={t("products.viewLabel", { name: p.name })}
                    className="font-medium underline underline-offset-4"
                  >
                    {t("products.view")}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
    </section>
  );
}

const tones = {
  green: "bg-green-100 text-green-900",
  grey: "bg-sand-200 text-ink-800",
  blue: "bg-sky-100 text-sky-900",
  amber: "bg-amber-100 text-amber-900",
};

function Badge({ tone, children }: { tone: keyof typeof tones; children: React.ReactNode }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>{children}</span>;
}
