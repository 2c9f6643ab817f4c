import { shop } from "@workshop/domain/shop.ts";
import { homeAnswer } from "@workshop/domain/shop-api/catalog.ts";
import { socialFeedAnswer } from "@workshop/domain/shop-api/social.ts";
import { apiGet } from "#app/api/client.server.ts";
import { ArrowRight } from "#app/components/Icons.tsx";
import { LoadError } from "#app/components/LoadError.tsx";
import { Link } from "#app/components/localized.tsx";
import { ProductCard } from "#app/components/ProductCard.tsx";
import { ProductPhoto } from "#app/components/ProductPhoto.tsx";
import { pageMeta } from "#app/components/page-meta.ts";
import { SocialStrip } from "#app/components/SocialStrip.tsx";
import { common } from "#app/i18n/common.ts";
import { useT } from "#app/i18n/core.ts";
import { home } from "#app/i18n/home.ts";
import { publicPage } from "#app/web/cache-policy.ts";
import { localeOf } from "#app/web/locale.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = pageMeta(home, "/");

export const headers: Route.HeadersFunction = publicPage;

/** Two calls at once: the featured hats, awaited, and the social strip, not awaited (the page streams without it). */
export async function loader({ request }: Route.LoaderArgs) {
  const social = apiGet(request, "/api/shop/social", socialFeedAnswer);
  // Its failure is the strip's (a short note); here it must not go unhandled if the page fails first.
  social.catch(() => undefined);
  const { featured } = await apiGet(request, `/api/shop/home?lang=${localeOf(request)}`, homeAnswer);
  return { featured, social };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured } = loaderData;
  const t = useT(home);
  const tc = useT(common);
  const hero = featured[0];
  const storyPhoto = featured[2] ?? featured[0];

  return (
    <>
      <section className="relative overflow-hidden bg-sand-100">
        <div className="container-page grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:py-24">
          <div>
            <p className="text-sm font-semibold uppercase tracking-[0.2em] text-clay-700">{t("hero.eyebrow")}</p>
            <h1 className="mt-4 text-4xl font-semibold leading-tight sm:text-5xl lg:text-6xl">{tc("brand.tagline")}</h1>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/products" className="btn-primary">
                {t("hero.shop")} <ArrowRight />
              </Link>
              <Link to="/about" className="btn-secondary">
                {t("hero.story")}
              </Link>
            </div>
          </div>
          {hero?.image && (
            <div className="mx-auto w-full max-w-md overflow-hidden rounded-[2rem] shadow-xl lg:max-w-none">
              <ProductPhoto image={hero.image} alt={t("hero.alt")} sizes="(min-width: 1024px) 45vw, 90vw" priority />
            </div>
          )}
        </div>
      </section>

      <section className="container-page mt-16 sm:mt-20" aria-labelledby="featured-title">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="featured-title" className="text-3xl font-semibold">
              {t("featured.title")}
            </h2>
            <p className="mt-2 text-ink-700">{t("featured.text")}</p>
          </div>
          <Link to="/products" className="inline-flex items-center gap-1 text-sm font-semibold text-clay-700 hover:underline">
            {t("featured.all")} <ArrowRight className="size-4" />
          </Link>
        </div>
        {featured.length === 0 ? (
          <p className="mt-8 text-ink-700">{t("featured.empty")}</p>
        ) : (
          <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 lg:grid-cols-4">
            {featured.map((p) => (
              <li key={p.id}>
                <ProductCard product={p} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="container-page mt-20">
        <div className="rounded-[2rem] bg-leaf-700 px-6 py-12 text-center text-white sm:px-12 sm:py-16">
          <h2 className="mx-auto max-w-2xl text-3xl font-semibold sm:text-4xl">{t("custom.title")}</h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-white/90">{t("custom.text")}</p>
          <Link
            to="/custom"
            className="mt-8 inline-flex items-center gap-2 rounded-full bg-white px-6 py-3 text-sm font-semibold text-leaf-700 hover:bg-sand-100"
          >
            {t("custom.cta")} <ArrowRight />
          </Link>
        </div>
      </section>

      <section className="container-page mt-20 grid items-center gap-10 lg:grid-cols-2">
        {storyPhoto?.image && (
          <div className="overflow-hidden rounded-[2rem]">
            <ProductPhoto image={storyPhoto.image} alt={storyPhoto.name} sizes="(min-width: 1024px) 45vw, 90vw" />
          </div>
        )}
        <div>
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-clay-700">{t("story.eyebrow")}</p>
          <h2 className="mt-3 text-3xl font-semibold sm:text-4xl">{t("story.title", { year: shop.foundedYear })}</h2>
          <p className="mt-5 leading-relaxed text-ink-700">{t("story.text1", { founder: shop.founder, year: shop.foundedYear })}</p>
          <p className="mt-4 leading-relaxed text-ink-700">{t("story.text2")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/about" className="btn-primary">
              {t("story.about")}
            </Link>
            <Link to="/showroom" className="btn-secondary">
              {t("story.showroom")}
            </Link>
          </div>
        </div>
      </section>

      <SocialStrip posts={loaderData.social} />
    </>
  );
}

export function ErrorBoundary() {
  return <LoadError />;
}
