import { Link } from "react-router";
import type { Route } from "./+types/confirmation";
import { formatUsd } from "../../../lib/money.ts";
import { readCheckout } from "../../../server/checkout/session.ts";
import { checkout } from "../../i18n/checkout";
import { metaLocale, translator, useT } from "../../i18n/core";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: translator(checkout, metaLocale(matches))("meta.title") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const data = await readCheckout(request);
  if (!data?.productId || data.priceCents === undefined) return { choice: null };
  return {
    choice: { productId: data.productId, productName: data.productName ?? "", size: data.selectedSize ?? null, priceCents: data.priceCents },
  };
}

/** Step 1 of 3: the hat chosen with Order Now, read from the server-side checkout session. */
export default function Confirmation({ loaderData }: Route.ComponentProps) {
  const t = useT(checkout);
  const { choice } = loaderData;
  if (!choice) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-semibold">{t("missing.title")}</h1>
        <p className="mt-4 text-lg text-ink-700">{t("missing.start")}</p>
        <Link to="/products" className="btn-primary mt-8">{t("missing.products")}</Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      <p className="text-sm font-semibold uppercase tracking-wider text-clay-700">{t("step", { n: 1 })}</p>
      <h1 className="mt-2 text-3xl font-semibold sm:text-4xl">{t("confirm.title")}</h1>
      <dl className="mt-8 divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white px-6">
        <div className="flex justify-between gap-4 py-4">
          <dt className="text-ink-500">{t("confirm.product")}</dt>
          <dd className="text-right font-medium">
            <Link to={`/products/${choice.productId}`} className="hover:underline">{choice.productName}</Link>
          </dd>
        </div>
        <div className="flex justify-between gap-4 py-4">
          <dt className="text-ink-500">{t("confirm.size")}</dt>
          <dd className="font-medium">{choice.size === null ? t("confirm.noSize") : t("confirm.sizeValue", { size: choice.size })}</dd>
        </div>
        <div className="flex justify-between gap-4 py-4">
          <dt className="text-ink-500">{t("confirm.price")}</dt>
          <dd className="font-semibold">{formatUsd(choice.priceCents)}</dd>
        </div>
      </dl>
      <p className="mt-6 text-ink-700">{t("confirm.note")}</p>
      <Link to="/products" className="btn-secondary mt-8">{t("confirm.change")}</Link>
    </section>
  );
}
