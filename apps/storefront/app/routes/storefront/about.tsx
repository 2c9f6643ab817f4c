import { shop } from "@workshop/domain/shop.ts";
import { ArrowRight } from "#app/components/Icons.tsx";
import { Link } from "#app/components/localized.tsx";
import { ProductPhoto } from "#app/components/ProductPhoto.tsx";
import { pageMeta } from "#app/components/page-meta.ts";
import { about } from "#app/i18n/about.ts";
import { useT } from "#app/i18n/core.ts";
import { publicPage } from "#app/web/cache-policy.ts";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = pageMeta(about, "/about");

/** Workshop photos: the seeded catalogue's studio shots (hat-NN-V: 1 = 3/4 front, 2 = side, 3 = from above). */
const photo = (key: string) => ({ key: `products/${key}.webp`, width: 1200, height: 1200 });

const craft = ["madeToOrder", "materials", "hands"] as const;
const audiences = ["travellers", "events", "everyday", "gifts"] as const;
const gallery = [
  { n: "1", image: photo("hat-05-2") },
  { n: "2", image: photo("hat-07-1") },
  { n: "3", image: photo("hat-12-3") },
  { n: "4", image: photo("hat-20-2") },
] as const;

const eyebrow = "text-sm font-semibold uppercase tracking-[0.2em] text-clay-700";

export const headers: Route.HeadersFunction = publicPage;

export default function About() {
  const t = useT(about);
  const vars = { name: shop.name, year: shop.foundedYear, founder: shop.founder, place: shop.address.village };

  return (
    <>
      <section className="bg-sand-100">
        <div className="container-page grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:gap-16 lg:py-20">
          <div>
            <p className={eyebrow}>{t("hero.eyebrow")}</p>
            <h1 className="mt-4 text-4xl font-semibold leading-tight sm:text-5xl">{t("hero.title")}</h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-700">{t("hero.text", vars)}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/products" className="btn-primary">
                {t("hero.shop")} <ArrowRight />
              </Link>
              <Link to="/showroom" className="btn-secondary">
                {t("hero.showroom")}
              </Link>
            </div>
          </div>
          <div className="mx-auto w-full max-w-md overflow-hidden rounded-[2rem] shadow-xl lg:max-w-none">
            <ProductPhoto
              image={photo("hat-22-1")}
              alt={t("hero.alt")}
              sizes="(min-width: 1280px) 600px, (min-width: 1024px) 45vw, 90vw"
              priority
            />
          </div>
        </div>
      </section>

      <section className="container-page mt-16 grid items-center gap-10 sm:mt-24 lg:grid-cols-2 lg:gap-16" aria-labelledby="story-title">
        <div className="order-last overflow-hidden rounded-[2rem] lg:order-first">
          <ProductPhoto image={photo("hat-10-3")} alt={t("story.alt")} sizes="(min-width: 1280px) 600px, (min-width: 1024px) 45vw, 90vw" />
        </div>
        <div>
          <p className={eyebrow}>{t("story.eyebrow", vars)}</p>
          <h2 id="story-title" className="mt-3 text-3xl font-semibold sm:text-4xl">
            {t("story.title")}
          </h2>
          <p className="mt-5 leading-relaxed text-ink-700">{t("story.p1", vars)}</p>
          <p className="mt-4 leading-relaxed text-ink-700">{t("story.p2")}</p>
          <figure className="mt-8 border-l-2 border-clay-600 pl-5">
            <blockquote className="font-serif text-xl leading-snug text-ink-900 sm:text-2xl">
              <p>“{t("story.quote")}”</p>
            </blockquote>
            <figcaption className="mt-3 text-sm text-ink-700">— {t("story.quoteBy", vars)}</figcaption>
          </figure>
        </div>
      </section>

      <section className="container-page mt-16 sm:mt-24" aria-labelledby="craft-title">
        <h2 id="craft-title" className="text-3xl font-semibold sm:text-4xl">
          {t("craft.title")}
        </h2>
        <ol className="mt-8 grid gap-8 border-t border-sand-300 pt-8 md:grid-cols-3">
          {craft.map((key, i) => (
            <li key={key}>
              <p className="font-serif text-3xl text-clay-700" aria-hidden>
                {String(i + 1).padStart(2, "0")}
              </p>
              <h3 className="mt-2 text-xl font-semibold">{t(`craft.${key}.title`)}</h3>
              <p className="mt-2 leading-relaxed text-ink-700">{t(`craft.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="mt-16 bg-sand-100 py-16 sm:mt-24 sm:py-20" aria-labelledby="audience-title">
        <div className="container-page">
          <div className="max-w-2xl">
            <h2 id="audience-title" className="text-3xl font-semibold sm:text-4xl">
              {t("audience.title")}
            </h2>
            <p className="mt-3 text-lg leading-relaxed text-ink-700">{t("audience.intro")}</p>
          </div>
          <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {audiences.map((key) => (
              <li key={key} className="rounded-2xl border border-sand-200 bg-white p-6 shadow-sm">
                <h3 className="text-xl font-semibold">{t(`audience.${key}.title`)}</h3>
                <p className="mt-3 leading-relaxed text-ink-700">{t(`audience.${key}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container-page mt-16 sm:mt-24" aria-labelledby="workshop-title">
        <div className="max-w-2xl">
          <h2 id="workshop-title" className="text-3xl font-semibold sm:text-4xl">
            {t("workshop.title")}
          </h2>
          <p className="mt-3 text-lg leading-relaxed text-ink-700">{t("workshop.intro")}</p>
        </div>
        <ul className="mt-10 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
          {gallery.map(({ n, image }) => (
            <li key={n}>
              <figure>
                <div className="overflow-hidden rounded-2xl bg-sand-100">
                  <ProductPhoto
                    image={image}
                    alt={t(`workshop.${n}.alt`)}
                    sizes="(min-width: 1280px) 290px, (min-width: 1024px) 22vw, 45vw"
                    maxWidth={960}
                  />
                </div>
                <figcaption className="mt-3 text-sm leading-snug text-ink-700">{t(`workshop.${n}.caption`)}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      <section className="container-page mt-16 sm:mt-24" aria-labelledby="cta-title">
        <div className="rounded-[2rem] bg-ink-900 px-6 py-12 text-center text-sand-50 sm:px-12 sm:py-16">
          <h2 id="cta-title" className="mx-auto max-w-2xl text-3xl font-semibold text-white sm:text-4xl">
            {t("cta.title")}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-sand-100">{t("cta.text")}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link
              to="/custom-order"
              className="inline-flex items-center justify-center gap-2 rounded-full bg-white px-6 py-3 text-sm font-semibold text-ink-900 transition hover:bg-sand-200"
            >
              {t("cta.custom")} <ArrowRight />
            </Link>
            <Link
              to="/products"
              className="inline-flex items-center justify-center rounded-full border border-sand-200 px-6 py-3 text-sm font-semibold text-sand-50 transition hover:bg-white hover:text-ink-900"
            >
              {t("cta.shop")}
            </Link>
            <Link
              to="/showroom"
              className="inline-flex items-center justify-center rounded-full border border-sand-200 px-6 py-3 text-sm font-semibold text-sand-50 transition hover:bg-white hover:text-ink-900"
            >
              {t("cta.showroom")}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
