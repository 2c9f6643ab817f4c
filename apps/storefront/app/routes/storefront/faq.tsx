import { deliveryOptions, makingDays } from "@workshop/domain/delivery.ts";
import { openingHoursText } from "@workshop/domain/opening-hours-text.ts";
import { addressLines, mapLinkUrl, whatsappUrl } from "@workshop/domain/shop.ts";
import { ArrowRight, ChevronDown } from "#app/components/Icons.tsx";
import { Link } from "#app/components/localized.tsx";
import { pageMeta } from "#app/components/page-meta.ts";
import { useLocale, useT } from "#app/i18n/core.ts";
import { faq } from "#app/i18n/faq.ts";
import { publicPage } from "#app/web/cache-policy.ts";
import type { Route } from "./+types/faq";

export const meta: Route.MetaFunction = pageMeta(faq, "/faq");

type FaqKey = keyof typeof faq.en & string;
/** "products.materials" for the pair "products.materials.q" / "products.materials.a". */
type Topic = { [K in FaqKey]: K extends `${infer P}.q` ? P : never }[FaqKey];
type More = { label: FaqKey } & ({ to: string } | { href: string });
type Question = { topic: Topic; more?: More[]; sizes?: true };
type Category = { id: string; title: FaqKey; questions: Question[] };

/** Head circumference in cm of each hat size (SPEC 9). */
const sizeChart = [
  ["XS", 54, 55],
  ["S", 56, 57],
  ["M", 58, 59],
  ["L", 60, 61],
  ["XL", 62, 63],
] as const;

const categories: Category[] = [
  {
    id: "products-materials",
    title: "cat.products",
    questions: [
      { topic: "products.materials" },
      { topic: "products.sizing", sizes: true },
      { topic: "products.madeToOrder", more: [{ to: "/products", label: "link.shopAll" }] },
      { topic: "products.sun" },
    ],
  },
  {
    id: "custom-orders",
    title: "cat.custom",
    questions: [
      { topic: "custom.price" },
      { topic: "custom.time" },
      { topic: "custom.revisions" },
      { topic: "custom.deposit" },
      { topic: "custom.start", more: [{ to: "/custom", label: "link.custom" }] },
    ],
  },
  {
    id: "ordering-shipping",
    title: "cat.shipping",
    questions: [
      { topic: "shipping.worldwide", more: [{ to: "/shipping#rates", label: "link.shipping" }] },
      { topic: "shipping.delivery" },
      { topic: "shipping.payment" },
      { topic: "shipping.tracking" },
    ],
  },
  {
    id: "returns-care",
    title: "cat.returns",
    questions: [
      { topic: "returns.policy", more: [{ to: "/shipping#returns", label: "link.returns" }] },
      { topic: "returns.custom" },
      { topic: "returns.exchange" },
      { topic: "returns.care", more: [{ to: "/shipping#care", label: "link.care" }] },
    ],
  },
  {
    id: "visiting-contact",
    title: "cat.visiting",
    questions: [
      { topic: "visiting.visit", more: [{ to: "/showroom", label: "link.showroom" }] },
      { topic: "visiting.where", more: [{ href: mapLinkUrl, label: "link.map" }] },
      { topic: "visiting.pickup" },
      {
        topic: "visiting.contact",
        more: [
          { to: "/contact", label: "link.contact" },
          { href: whatsappUrl, label: "link.whatsapp" },
        ],
      },
    ],
  },
];

/** The shop's delivery facts (@workshop/domain/delivery.ts) that answers quote. */
const deliveryFacts = {
  makingMin: makingDays.min,
  makingMax: makingDays.max,
  dhlMin: deliveryOptions.DHL.carrierDays?.min ?? 0,
  dhlMax: deliveryOptions.DHL.carrierDays?.max ?? 0,
  lionMin: deliveryOptions.LION_PARCEL.carrierDays?.min ?? 0,
  lionMax: deliveryOptions.LION_PARCEL.carrierDays?.max ?? 0,
};

const textLink = "font-semibold text-clay-700 underline decoration-clay-700/40 underline-offset-4 hover:decoration-clay-700";

export const headers: Route.HeadersFunction = publicPage;

export default function Faq() {
  const t = useT(faq);
  const hours = openingHoursText(useLocale());

  return (
    <div className="container-page py-12 sm:py-16">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-semibold sm:text-5xl">{t("title")}</h1>
        <p className="mt-4 text-lg leading-relaxed text-ink-700">{t("intro")}</p>
      </header>

      <nav aria-labelledby="faq-toc" className="mt-8 border-y border-sand-200 py-5">
        <p id="faq-toc" className="text-sm font-semibold uppercase tracking-wider text-ink-700">
          {t("toc")}
        </p>
        <ul className="mt-3 flex flex-wrap gap-2">
          {categories.map((c) => (
            <li key={c.id}>
              <a
                href={`#${c.id}`}
                className="block rounded-full border border-sand-300 bg-white px-4 py-2 text-sm font-medium text-ink-900 transition hover:border-ink-900"
              >
                {t(c.title)}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-4">
        {categories.map((c) => (
          <section
            key={c.id}
            id={c.id}
            aria-labelledby={`${c.id}-title`}
            className="scroll-mt-24 border-b border-sand-200 py-10 last:border-0 lg:grid lg:grid-cols-3 lg:gap-12 lg:py-14"
          >
            <h2 id={`${c.id}-title`} className="text-2xl font-semibold sm:text-3xl lg:sticky lg:top-24 lg:self-start">
              {t(c.title)}
            </h2>
            <div className="mt-4 divide-y divide-sand-200 lg:col-span-2 lg:-mt-4">
              {c.questions.map((q) => (
                <details key={q.topic} className="group">
                  <summary className="flex cursor-pointer items-start justify-between gap-4 py-5 text-lg font-medium leading-snug text-ink-900 hover:text-clay-700">
                    <span>{t(`${q.topic}.q`)}</span>
                    <ChevronDown className="chevron mt-0.5 size-5 shrink-0 text-ink-700 transition" />
                  </summary>
                  <div className="pb-6 pr-2 sm:pr-10">
                    <p className="leading-relaxed text-ink-700">
                      {t(`${q.topic}.a`, { address: addressLines.join(", "), hours, ...deliveryFacts })}
                    </p>
                    {q.sizes && <SizeChart />}
                    {q.more && (
                      <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
                        {q.more.map((m) => (
                          <li key={m.label}>
                            {"to" in m ? (
                              <Link to={m.to} className={`inline-flex items-center gap-1 ${textLink}`}>
                                {t(m.label)} <ArrowRight className="size-4" />
                              </Link>
                            ) : (
                              <a
                                href={m.href}
                                target="_blank"
                                rel="noopener noreferrer"
                                className={`inline-flex items-center gap-1 ${textLink}`}
                              >
                                {t(m.label)}
                                <span className="sr-only"> {t("newTab")}</span>
                                <ArrowRight className="size-4" />
                              </a>
                            )}
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>

      <section aria-labelledby="faq-help" className="mt-6 rounded-[2rem] bg-ink-900 px-6 py-12 text-center text-sand-50 sm:px-12">
        <h2 id="faq-help" className="text-3xl font-semibold text-white">
          {t("help.title")}
        </h2>
        <p className="mx-auto mt-3 max-w-xl leading-relaxed text-sand-100">{t("help.text")}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link
            to="/contact"
            className="inline-flex items-center justify-center gap-2 rounded-full bg-white px-6 py-3 text-sm font-semibold text-ink-900 transition hover:bg-sand-200"
          >
            {t("help.contact")} <ArrowRight />
          </Link>
          <a
            href={whatsappUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center justify-center rounded-full border border-sand-200 px-6 py-3 text-sm font-semibold text-sand-50 transition hover:bg-white hover:text-ink-900"
          >
            {t("help.whatsapp")}
            <span className="sr-only"> {t("newTab")}</span>
          </a>
        </div>
      </section>
    </div>
  );
}

function SizeChart() {
  const t = useT(faq);
  return (
    <div className="mt-4 max-w-sm overflow-hidden rounded-xl border border-sand-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("sizes.caption")}</caption>
        <thead className="bg-sand-100">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">
              {t("sizes.size")}
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              {t("sizes.head")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-sand-200">
          {sizeChart.map(([size, min, max]) => (
            <tr key={size}>
              <th scope="row" className="px-4 py-2 font-medium">
                {size}
              </th>
              <td className="px-4 py-2 tabular-nums text-ink-700">{t("sizes.range", { min, max })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
