import { imageUrl } from "@workshop/domain/images.ts";
import { centsToUsd, formatUsd } from "@workshop/domain/money.ts";
import { type ProductView, parseProductId } from "@workshop/domain/product.ts";
import { seoTags } from "@workshop/domain/seo.ts";
import { shop } from "@workshop/domain/shop.ts";
import { type ProductMakingAnswer, productPageAnswer } from "@workshop/domain/shop-api/catalog.ts";
import { nextAnswer } from "@workshop/domain/shop-api/checkout.ts";
import { workingDaysText } from "@workshop/domain/working-days-text.ts";
import { useState } from "react";
import { data, isRouteErrorResponse, useNavigation, useRouteError } from "react-router";
import { ApiRefusal, apiCall, apiGetOr404, relayHeaders } from "#app/api/client.server.ts";
import { ErrorPage, errorKindOf } from "#app/components/ErrorPage.tsx";
import { Gallery } from "#app/components/Gallery.tsx";
import { Form, Link, useLocalePath } from "#app/components/localized.tsx";
import { catalog } from "#app/i18n/catalog.ts";
import { metaLocale, translator, useLocale, useT } from "#app/i18n/core.ts";
import { deliveryTexts } from "#app/i18n/delivery.ts";
import { publicPage } from "#app/web/cache-policy.ts";
import { localeOf, redirectIn } from "#app/web/locale.ts";
import type { Route } from "./+types/product";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const locale = metaLocale(matches);
  const t = translator(catalog, locale);
  const origin = matches[0]?.loaderData.origin ?? "";
  const product = loaderData?.product;
  if (!product) return [{ title: t("product.notFound") }];
  const image = product.images[0];
  return [
    ...seoTags({
      title: `${product.name} — ${shop.name}`,
      description: t("product.metaDescription", { name: product.name, material: product.material }),
      path: `/products/${product.id}`,
      origin,
      locale,
      type: "product",
      image: image ? imageUrl(image.key, 1280, "jpg") : undefined,
    }),
    { "script:ld+json": productJsonLd(product, origin) },
  ];
};

export const headers: Route.HeadersFunction = publicPage;

export async function loader({ params, request }: Route.LoaderArgs) {
  // Only a well-formed id reaches the API: anything else is this page's 404 without a call.
  if (parseProductId(params.id) === null) throw data(null, { status: 404 });
  return apiGetOr404(request, `/api/shop/products/${params.id}?lang=${localeOf(request)}`, productPageAnswer);
}

/** Order Now: the API starts this browser's checkout with the hat (its cookie passed on) and names the next step. */
export async function action({ params, request }: Route.ActionArgs) {
  const id = parseProductId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const size = (await request.formData()).get("size");
  try {
    const answer = await apiCall(request, "/api/shop/checkout/order-now", {
      method: "POST",
      body: { productId: id, size: typeof size === "string" ? size.slice(0, 100) : null, lang: localeOf(request) },
      answer: nextAnswer,
    });
    return redirectIn(request, answer.data.next, { headers: relayHeaders(answer) });
  } catch (error) {
    if (!(error instanceof ApiRefusal)) throw error;
    if (error.status === 404) throw data(null, { status: 404 });
    return data({ error: error.status === 409 ? ("unavailable" as const) : ("size" as const) }, { status: error.status });
  }
}

function productJsonLd(p: ProductView, origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    productID: String(p.id),
    sku: `RT-${p.id}`,
    name: p.name,
    description: p.description,
    image: p.images.map((i) => origin + imageUrl(i.key, 1280, "jpg")),
    material: p.material || undefined,
    color: p.color || undefined,
    brand: { "@type": "Brand", name: shop.name },
    offers: {
      "@type": "Offer",
      url: `${origin}/products/${p.id}`,
      price: centsToUsd(p.priceCents).toFixed(2),
      priceCurrency: "USD",
      availability: p.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, making } = loaderData;
  const t = useT(catalog);
  const navigation = useNavigation();
  const lp = useLocalePath();
  const [size, setSize] = useState<number | null>(product.sizes[0] ?? null);
  const needsSize = product.sizes.length > 0 && size === null;
  const submitting = navigation.state !== "idle" && navigation.formAction === lp(`/products/${product.id}`);
  const specs = [
    ["product.material", product.material],
    ["product.color", product.color],
    ["product.crownStyle", product.crownStyle],
    ["product.brimSize", product.brimSize],
  ] as const;

  return (
    <div className="container-page py-8 sm:py-12">
      <nav className="mb-6 text-sm">
        <Link to="/products" className="text-ink-500 hover:text-ink-900">
          ← {t("product.back")}
        </Link>
      </nav>
      <div className="grid gap-10 lg:grid-cols-2 lg:gap-16">
        <Gallery key={product.id} images={product.images} name={product.name} />
        <div>
          <h1 className="text-3xl font-semibold sm:text-4xl">{product.name}</h1>
          <p className="mt-3 text-2xl font-medium text-clay-700">{formatUsd(product.priceCents)}</p>
          <p className="mt-6 leading-relaxed text-ink-700">{product.description}</p>

          <h2 className="mt-8 text-lg font-semibold">{t("product.specifications")}</h2>
          <dl className="mt-3 divide-y divide-sand-200 border-y border-sand-200 text-sm">
            {specs.map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4 py-2.5">
                <dt className="text-ink-500">{t(label)}</dt>
                <dd className="text-right font-medium">{value || t("product.notSpecified")}</dd>
              </div>
            ))}
          </dl>

          <Form method="post" className="mt-8">
            {product.sizes.length > 0 && (
              <fieldset>
                <legend className="text-lg font-semibold">{t("product.sizes")}</legend>
                <div className="mt-3 flex flex-wrap gap-2">
                  {product.sizes.map((s) => (
                    <label key={s} className="cursor-pointer">
                      <input
                        type="radio"
                        name="size"
                        value={s}
                        checked={size === s}
                        onChange={() => setSize(s)}
                        disabled={!product.inStock}
                        className="peer sr-only"
                      />
                      <span className="block rounded-full border border-sand-300 bg-white px-4 py-2 text-sm font-medium transition peer-checked:border-ink-900 peer-checked:bg-ink-900 peer-checked:text-sand-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-clay-600 peer-disabled:opacity-50">
                        {t("product.sizeOption", { size: s })}
                      </span>
                    </label>
                  ))}
                </div>
                <p className="mt-3 text-sm text-ink-700" aria-live="polite">
                  {size === null ? t("product.selectSize") : t("product.selectedSize", { size })}
                </p>
                <p className="mt-1 text-xs text-ink-500">{t("product.sizeChart")}</p>
              </fieldset>
            )}
            {actionData?.error && (
              <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
                {t(actionData.error === "size" ? "product.invalidSize" : "product.unavailable")}
              </p>
            )}
            <button
              type="submit"
              className="btn-primary mt-6 w-full py-4 text-base sm:w-auto sm:px-12"
              disabled={!product.inStock || needsSize || submitting}
            >
              {!product.inStock ? t("product.soldOut") : needsSize ? t("product.pleaseSelectSize") : t("product.orderNow")}
            </button>
          </Form>
          <p className="mt-4 text-sm text-ink-500">{product.inStock ? t("product.madeToOrder") : t("product.outOfStockNote")}</p>
          {making && <MakingDates making={making} />}
        </div>
      </div>
    </div>
  );
}

/** When a hat made to order would come, as the API counted it from today: its making, then each delivery. */
function MakingDates({ making }: { making: ProductMakingAnswer }) {
  const t = useT(catalog);
  const td = useT(deliveryTexts);
  const locale = useLocale();
  return (
    <section aria-labelledby="product-making" className="mt-6 rounded-2xl bg-sand-100 p-5 text-sm">
      <h2 id="product-making" className="text-base font-semibold">
        {t("product.making.title")}
      </h2>
      <p className="mt-2 text-ink-700">
        {t("product.making.text", { days: workingDaysText(making.workingDays, locale), ready: making.readyDay })}
      </p>
      <dl className="mt-3 space-y-2">
        {making.delivery.map((option) => (
          <div key={option.id}>
            <dt className="font-medium text-ink-900">{td(`${option.id}.name`)}</dt>
            <dd className="text-ink-700">
              {option.id === "PICKUP"
                ? option.from === option.to
                  ? td("readyFrom", { day: option.from })
                  : td("ready", option)
                : td("arrives", option)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-ink-500">{t("product.making.note")}</p>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT(catalog);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Order Now refused past the client's limit (the API's 429) is the shop's 'too many requests'.
  if (status !== 404) return <ErrorPage kind={errorKindOf(status)} />;
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <title>{t("product.notFound")}</title>
      <h1 className="text-3xl font-semibold sm:text-4xl">{t("product.notFound")}</h1>
      <p className="mt-4 text-lg text-ink-700">{t("product.notFoundText")}</p>
      <Link to="/products" className="btn-primary mt-8">
        {t("product.back")}
      </Link>
    </section>
  );
}
