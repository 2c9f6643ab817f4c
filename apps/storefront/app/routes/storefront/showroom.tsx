import { shop } from "@workshop/domain/shop.ts";
import { ArrowRight } from "#app/components/Icons.tsx";
import { Link } from "#app/components/localized.tsx";
import { ProductPhoto } from "#app/components/ProductPhoto.tsx";
import { pageMeta } from "#app/components/page-meta.ts";
import { VisitInfo } from "#app/components/VisitInfo.tsx";
import { useT } from "#app/i18n/core.ts";
import { showroom } from "#app/i18n/showroom.ts";
import { publicPage } from "#app/web/cache-policy.ts";
import type { Route } from "./+types/showroom";

export const meta: Route.MetaFunction = pageMeta(showroom, "/showroom");

const photo = (key: string) => ({ key: `products/${key}.webp`, width: 1200, height: 1200 });
const expectations = ["tryOn", "measure", "watch", "custom"] as const;
const testimonials = ["1", "2"] as const;

const CheckIcon = () => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden
    className="mt-0.5 size-5 shrink-0 text-leaf-700"
  >
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </svg>
);

export const headers: Route.HeadersFunction = publicPage;

export default function Showroom() {
  const t = useT(showroom);

  return (
    <>
      <section className="bg-sand-100">
        <div className="container-page grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:gap-16 lg:py-20">
          <div>
            <p className="text-sm font-semibold uppercase tracking-[0.2em] text-clay-700">{t("hero.eyebrow")}</p>
            <h1 className="mt-4 text-4xl font-semibold leading-tight sm:text-5xl">{t("hero.title")}</h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-700">{t("hero.text", { place: shop.address.village })}</p>
            <a href="#visit" className="btn-primary mt-8">
              {t("hero.book")} <ArrowRight />
            </a>
          </div>
          <div className="mx-auto w-full max-w-md overflow-hidden rounded-[2rem] shadow-xl lg:max-w-none">
            <ProductPhoto
              image={photo("hat-04-1")}
              alt={t("hero.alt")}
              sizes="(min-width: 1280px) 600px, (min-width: 1024px) 45vw, 90vw"
              priority
            />
          </div>
        </div>
      </section>

      <section className="container-page mt-16 grid items-center gap-10 sm:mt-24 lg:grid-cols-2 lg:gap-16" aria-labelledby="expect-title">
        <div>
          <h2 id="expect-title" className="text-3xl font-semibold sm:text-4xl">
            {t("expect.title")}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-ink-700">{t("expect.intro")}</p>
          <ul className="mt-6 space-y-4">
            {expectations.map((key) => (
              <li key={key} className="flex gap-3 leading-relaxed text-ink-700">
                <CheckIcon />
                <span>{t(`expect.${key}`)}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className="grid grid-cols-2 items-start gap-4 sm:gap-6">
          <div className="overflow-hidden rounded-2xl bg-sand-100">
            <ProductPhoto
              image={photo("hat-15-1")}
              alt={t("expect.photo1")}
              sizes="(min-width: 1280px) 290px, (min-width: 1024px) 22vw, 45vw"
              maxWidth={960}
            />
          </div>
          <div className="mt-10 overflow-hidden rounded-2xl bg-sand-100">
            <ProductPhoto
              image={photo("hat-18-2")}
              alt={t("expect.photo2")}
              sizes="(min-width: 1280px) 290px, (min-width: 1024px) 22vw, 45vw"
              maxWidth={960}
            />
          </div>
        </div>
      </section>

      <div className="container-page">
        <VisitInfo id="visit" hours="showroom" className="mt-16 sm:mt-24" />
      </div>

      <section className="mt-16 bg-sand-100 py-16 sm:mt-24 sm:py-20" aria-labelledby="testimonials-title">
        <div className="container-page">
          <h2 id="testimonials-title" className="text-3xl font-semibold sm:text-4xl">
            {t("testimonials.title")}
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-2">
            {testimonials.map((n) => (
              <li key={n}>
                <figure className="flex h-full flex-col rounded-2xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
                  <p className="font-serif text-5xl leading-none text-clay-600" aria-hidden>
                    “
                  </p>
                  <blockquote className="mt-2 grow font-serif text-lg leading-relaxed text-ink-900 sm:text-xl">
                    <p>{t(`testimonials.${n}.quote`)}</p>
                  </blockquote>
                  <figcaption className="mt-6 border-t border-sand-200 pt-4 text-sm">
                    <span className="block font-semibold text-ink-900">{t(`testimonials.${n}.name`)}</span>
                    <span className="block text-ink-700">{t(`testimonials.${n}.country`)}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container-page mt-16 sm:mt-24" aria-labelledby="online-title">
        <div className="flex flex-col items-start justify-between gap-6 rounded-[2rem] border border-sand-300 px-6 py-10 sm:px-10 md:flex-row md:items-center">
          <div className="max-w-xl">
            <h2 id="online-title" className="text-2xl font-semibold sm:text-3xl">
              {t("online.title")}
            </h2>
            <p className="mt-2 leading-relaxed text-ink-700">{t("online.text")}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to="/products" className="btn-primary">
              {t("online.shop")} <ArrowRight />
            </Link>
            <Link to="/shipping" className="btn-secondary">
              {t("online.shipping")}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
