import { formatUsd } from "@workshop/domain/money.ts";
import { confirmationAnswer } from "@workshop/domain/shop-api/checkout.ts";
import { apiGet } from "#app/api/client.server.ts";
import { CheckoutNotice } from "#app/components/checkout/CheckoutNotice.tsx";
import { CheckoutSteps } from "#app/components/checkout/CheckoutSteps.tsx";
import { Form, Link } from "#app/components/localized.tsx";
import { ProductPhoto } from "#app/components/ProductPhoto.tsx";
import { checkout } from "#app/i18n/checkout.ts";
import { metaLocale, translator, useT } from "#app/i18n/core.ts";
import { localeOf, redirectIn } from "#app/web/locale.ts";
import type { Route } from "./+types/confirmation";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translator(checkout, metaLocale(matches))("meta.title") },
  { name: "robots", content: "noindex" },
];

/**
 * Step 1 of 3. The product comes from this browser's checkout data, or from an order it placed
 * (`?order_id=`, e.g. back from a payment page); the API looks it up again for stock and price.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = new URLSearchParams({ lang: localeOf(request) });
  const orderId = new URL(request.url).searchParams.get("order_id");
  if (orderId) query.set("orderId", orderId.slice(0, 100));
  const step = await apiGet(request, `/api/shop/checkout/confirmation?${query}`, confirmationAnswer);
  // A custom hat's quote is confirmed on its own page.
  if ("next" in step) throw redirectIn(request, step.next);
  return step;
}

const messages = {
  missing: "missing.start",
  noProduct: "error.noProduct",
  productNotFound: "error.productNotFound",
  loadFailed: "error.loadFailed",
  soldOut: "error.soldOut",
} as const;

export default function Confirmation({ loaderData }: Route.ComponentProps) {
  const t = useT(checkout);
  const { problem, name, choice } = loaderData;
  if (problem || !choice) {
    const key = problem ?? "noProduct";
    return (
      <CheckoutNotice
        title={key === "missing" ? "missing.title" : "error.title"}
        message={messages[key]}
        continueTo={key === "productNotFound" && name ? "/checkout/shipping" : undefined}
      />
    );
  }
  const { product, size } = choice;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <CheckoutSteps current={1} />
      <h1 className="text-3xl font-semibold sm:text-4xl">{t("confirm.title")}</h1>
      <div className="mt-8 grid gap-6 rounded-2xl border border-sand-200 bg-white p-4 sm:grid-cols-[12rem_1fr] sm:p-6">
        <div className="overflow-hidden rounded-xl bg-sand-100">
          <ProductPhoto image={product.image} alt={product.name} sizes="12rem" maxWidth={480} priority />
        </div>
        <dl className="divide-y divide-sand-200">
          <div className="flex justify-between gap-4 py-3">
            <dt className="text-ink-500">{t("confirm.product")}</dt>
            <dd className="text-right font-medium">
              <Link to={`/products/${product.id}`} className="hover:underline">
                {product.name}
              </Link>
            </dd>
          </div>
          <div className="flex justify-between gap-4 py-3">
            <dt className="text-ink-500">{t("confirm.size")}</dt>
            <dd className="font-medium">{size === null ? t("confirm.noSize") : t("confirm.sizeValue", { size })}</dd>
          </div>
          <div className="flex justify-between gap-4 py-3">
            <dt className="text-ink-500">{t("confirm.price")}</dt>
            <dd className="font-semibold">{formatUsd(product.priceCents)}</dd>
          </div>
        </dl>
      </div>
      <p className="mt-6 text-ink-700">{t("confirm.note")}</p>
      <div className="mt-8 flex flex-wrap items-center gap-3">
        <Link to="/checkout/shipping" className="btn-primary">
          {t("confirm.continue")}
        </Link>
        <Link to="/products" className="btn-secondary">
          {t("confirm.change")}
        </Link>
        <Form method="post" action="/checkout/clear">
          <button type="submit" className="px-2 py-3 text-sm font-semibold text-ink-700 underline underline-offset-4 hover:text-ink-900">
            {t("confirm.clear")}
          </button>
        </Form>
      </div>
    </section>
  );
}
