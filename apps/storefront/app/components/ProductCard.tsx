import { formatCardPrice } from "@workshop/domain/money.ts";
import type { ProductCardView } from "@workshop/domain/product.ts";
import { common } from "#app/i18n/common.ts";
import { useT } from "#app/i18n/core.ts";
import { Link } from "./localized";
import { ProductPhoto } from "./ProductPhoto";

type Props = {
  product: ProductCardView;
  priority?: boolean;
  /** The name's heading level: 2 in a list right under the page's title, 3 under a section's. */
  headingLevel?: 2 | 3;
};

/** A product in a grid: first photo, name, price (its page's, in the card's '$N USD'), badges, 'Sold Out' overlay. */
export function ProductCard({ product, priority = false, headingLevel = 3 }: Props) {
  const t = useT(common);
  const Name = headingLevel === 2 ? "h2" : "h3";
  return (
    <Link to={`/products/${product.id}`} className="group block" prefetch="intent">
      <div className="relative overflow-hidden rounded-2xl bg-sand-100">
        <ProductPhoto
          image={product.image}
          alt={product.name}
          sizes="(min-width: 1024px) 22vw, 45vw"
          maxWidth={960}
          priority={priority}
          className="transition duration-500 group-hover:scale-[1.03]"
        />
        <div className="absolute left-3 top-3 flex gap-2">
          {product.isNew && <span className="rounded-full bg-leaf-700 px-2.5 py-1 text-xs font-semibold text-white">{t("badge.new")}</span>}
          {product.isFeatured && (
            <span className="rounded-full bg-clay-700 px-2.5 py-1 text-xs font-semibold text-white">{t("badge.featured")}</span>
          )}
        </div>
        {!product.inStock && (
          <div className="absolute inset-0 flex items-center justify-center bg-ink-900/45">
            <span className="rounded-full bg-white px-4 py-1.5 text-sm font-semibold uppercase tracking-wider text-ink-900">
              {t("badge.soldOut")}
            </span>
          </div>
        )}
      </div>
      <Name className="mt-3 font-serif text-base leading-snug text-ink-900 group-hover:text-clay-700 sm:text-lg">{product.name}</Name>
      <p className="mt-1 text-sm font-semibold text-ink-700">{formatCardPrice(product.priceCents)}</p>
    </Link>
  );
}
