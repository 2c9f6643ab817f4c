import { deliveryOptions, makingDays } from "@workshop/domain/delivery.ts";
import { addressLines, mapLinkUrl } from "@workshop/domain/shop.ts";
import { ArrowRight, ClockIcon, MapPinIcon } from "#app/components/Icons.tsx";
import { Link } from "#app/components/localized.tsx";
import { OpeningHours } from "#app/components/OpeningHours.tsx";
import { pageMeta } from "#app/components/page-meta.ts";
import { useT } from "#app/i18n/core.ts";
import { shipping } from "#app/i18n/shipping.ts";
import { visit } from "#app/i18n/visit.ts";
import { publicPage } from "#app/web/cache-policy.ts";
import type { Route } from "./+types/shipping";

export const meta: Route.MetaFunction = pageMeta(shipping, "/shipping");

type Key = keyof typeof shipping.en & string;

/** Regional shipping costs of one hat in USD (SPEC 9). */
const rates = [
  { region: "rates.indonesia", min: 5, max: 15 },
  { region: "rates.southeastAsia", min: 15, max: 25 },
  { region: "rates.oceania", min: 20, max: 30 },
  { region: "rates.westAndNorth", min: 25, max: 40 },
] as const;
const methods = ["dhl", "lion", "pickup"] as const;
const production = ["collection", "simple", "complex", "intricate"] as const;
/** The shop's delivery facts (@workshop/domain/delivery.ts) behind each method's text. */
const methodDays = { dhl: deliveryOptions.DHL.carrierDays, lion: deliveryOptions.LION_PARCEL.carrierDays, pickup: null };
const sections = ["rates", "production", "tracking", "pickup", "returns", "custom", "exchanges", "care"] as const;
const facts = ["worldwide", "tracked", "returns"] as const;

const h2 = "text-2xl font-semibold sm:text-3xl";
const body = "max-w-3xl leading-relaxed text-ink-700";
const textLink = "font-semibold text-clay-700 underline decoration-clay-700/40 underline-offset-4 hover:decoration-clay-700";

export const headers: Route.HeadersFunction = publicPage;

export default function Shipping() {
  const t = useT(shipping);

  return (
    <div className="container-page py-12 sm:py-16">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-semibold sm:text-5xl">{t("hero.title")}</h1>
        <p className="mt-4 text-lg leading-relaxed text-ink-700">{t("hero.text")}</p>
      </header>

      <ul className="mt-10 grid gap-4 sm:grid-cols-3">
        {facts.map((key) => (
          <li key={key} className="rounded-2xl bg-sand-100 p-5">
            <p className="font-serif text-lg font-semibold">{t(`facts.${key}.title`)}</p>
            <p className="mt-1 text-sm leading-relaxed text-ink-700">{t(`facts.${key}.text`)}</p>
          </li>
        ))}
      </ul>

      <div className="mt-12 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-16">
        <nav aria-labelledby="toc-title" className="border-y border-sand-200 py-5 lg:sticky lg:top-24 lg:self-start lg:border-0 lg:py-0">
          <p id="toc-title" className="text-sm font-semibold uppercase tracking-wider text-ink-700">
            {t("toc")}
          </p>
          <ul className="mt-3 flex flex-wrap gap-2 lg:flex-col lg:gap-1">
            {sections.map((id) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="block rounded-full border border-sand-300 px-3 py-1.5 text-sm text-ink-900 hover:border-ink-700 lg:rounded-lg lg:border-0 lg:px-3 lg:py-1.5 lg:hover:bg-sand-100"
                >
                  {t(`${id}.title`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="mt-12 space-y-16 lg:mt-0">
          <Section id="rates" title={t("rates.title")}>
            <p className={body}>{t("rates.intro")}</p>
            <div className="mt-6 overflow-hidden rounded-2xl border border-sand-200 bg-white">
              <table className="w-full text-left">
                <caption className="border-b border-sand-200 px-4 py-3 sm:px-5 text-left text-sm text-ink-700">
                  {t("rates.caption")}
                </caption>
                <thead className="bg-sand-100 text-sm">
                  <tr>
                    <th scope="col" className="px-4 sm:px-5 py-3 font-semibold">
                      {t("rates.region")}
                    </th>
                    <th scope="col" className="px-4 sm:px-5 py-3 text-right font-semibold">
                      {t("rates.cost")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-sand-200">
                  {rates.map((r) => (
                    <tr key={r.region}>
                      <th scope="row" className="px-4 sm:px-5 py-4 font-medium">
                        {t(r.region)}
                      </th>
                      <td className="px-4 sm:px-5 py-4 text-right font-semibold tabular-nums">
                        {t("rates.range", { min: r.min, max: r.max })}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className={`mt-4 text-sm ${body}`}>{t("rates.note", { box: t("rates.box") })}</p>

            <h3 className="mt-10 text-xl font-semibold">{t("methods.title")}</h3>
            <ul className="mt-4 grid gap-4 md:grid-cols-3">
              {methods.map((m) => (
                <li key={m} className="rounded-2xl border border-sand-200 p-5">
                  <p className="font-semibold">{t(`methods.${m}.name`)}</p>
                  <p className="mt-1 text-sm leading-relaxed text-ink-700">{t(`methods.${m}.text`, methodDays[m] ?? undefined)}</p>
                </li>
              ))}
            </ul>
          </Section>

          <Section id="production" title={t("production.title")}>
            <p className={body}>{t("production.intro", makingDays)}</p>
            <div className="mt-6 overflow-hidden rounded-2xl border border-sand-200 bg-white">
              <table className="w-full text-left">
                <thead className="bg-sand-100 text-sm">
                  <tr>
                    <th scope="col" className="px-4 sm:px-5 py-3 font-semibold">
                      {t("production.stage")}
                    </th>
                    <th scope="col" className="px-4 sm:px-5 py-3 text-right font-semibold">
                      {t("production.time")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-sand-200">
                  {production.map((p) => (
                    <tr key={p}>
                      <th scope="row" className="px-4 sm:px-5 py-4 align-top font-normal">
                        <span className="block font-medium">{t(`production.${p}`)}</span>
                        <span className="mt-0.5 block text-sm text-ink-700">{t(`production.${p}.text`)}</span>
                      </th>
                      <td className="px-4 py-4 sm:px-5 sm:whitespace-nowrap text-right align-top font-semibold">
                        {t(`production.${p}.time`, makingDays)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className={`mt-4 text-sm ${body}`}>{t("production.note")}</p>
          </Section>

          <Section id="tracking" title={t("tracking.title")}>
            <p className={body}>{t("tracking.text")}</p>
          </Section>

          <Section id="pickup" title={t("pickup.title")}>
            <p className={body}>{t("pickup.text")}</p>
            <div className="mt-6 grid gap-6 sm:grid-cols-2">
              <div className="flex gap-3">
                <ClockIcon className="mt-2 size-5 shrink-0 text-clay-700" />
                <OpeningHours as="table" className="grow text-ink-700" />
              </div>
              <PickupAddress label={t("pickup.address")} />
            </div>
          </Section>

          <Section id="returns" title={t("returns.title")}>
            <Bullets keys={["returns.window", "returns.condition", "returns.fee", "returns.refund"]} />
            <p className={`mt-4 ${body}`}>
              <WithLink
                text={t("returns.start")}
                link={
                  <Link to="/contact" className={textLink}>
                    {t("returns.startLink")}
                  </Link>
                }
              />
            </p>
          </Section>

          <Section id="custom" title={t("custom.title")}>
            <Bullets keys={["custom.noReturns", "custom.defects", "custom.deposit", "custom.revisions"]} />
          </Section>

          <Section id="exchanges" title={t("exchanges.title")}>
            <p className={body}>{t("exchanges.text")}</p>
            <p className="mt-4 rounded-xl bg-sand-100 px-4 py-3 text-sm leading-relaxed text-ink-900">{t("exchanges.sizes")}</p>
          </Section>

          <Section id="care" title={t("care.title")}>
            <Bullets keys={["care.brim", "care.store", "care.dry", "care.felt", "care.steam", "care.car"]} />
          </Section>

          <section aria-labelledby="help-title" className="rounded-[2rem] bg-ink-900 px-6 py-10 text-sand-50 sm:px-10">
            <h2 id="help-title" className={`${h2} text-white`}>
              {t("help.title")}
            </h2>
            <p className="mt-2 leading-relaxed text-sand-100">{t("help.text")}</p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link
                to="/contact"
                className="inline-flex items-center justify-center gap-2 rounded-full bg-white px-6 py-3 text-sm font-semibold text-ink-900 transition hover:bg-sand-200"
              >
                {t("help.contact")} <ArrowRight />
              </Link>
              <Link
                to="/faq"
                className="inline-flex items-center justify-center rounded-full border border-sand-200 px-6 py-3 text-sm font-semibold text-sand-50 transition hover:bg-white hover:text-ink-900"
              >
                {t("help.faq")}
              </Link>
            </div>
          </section>
        </div>
      </div>
    </div>
  );
}

function Section({ id, title, children }: { id: (typeof sections)[number]; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <h2 id={`${id}-title`} className={`${h2} mb-4`}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Bullets({ keys }: { keys: Key[] }) {
  const t = useT(shipping);
  return (
    <ul className="max-w-3xl space-y-3">
      {keys.map((key) => (
        <li key={key} className="flex gap-3 leading-relaxed text-ink-700">
          <span aria-hidden className="mt-2.5 size-1.5 shrink-0 rounded-full bg-clay-600" />
          <span>{t(key)}</span>
        </li>
      ))}
    </ul>
  );
}

/** A sentence whose "{link}" placeholder is replaced by a link element. */
function WithLink({ text, link }: { text: string; link: React.ReactNode }) {
  const [before, after] = text.split("{link}");
  return (
    <>
      {before}
      {link}
      {after}
    </>
  );
}

function PickupAddress({ label }: { label: string }) {
  const tv = useT(visit);
  return (
    <div className="flex gap-3">
      <MapPinIcon className="mt-0.5 size-5 shrink-0 text-clay-700" />
      <div>
        <p className="font-medium">{label}</p>
        <address className="mt-1 not-italic leading-relaxed text-ink-700">
          {addressLines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
        <a href={mapLinkUrl} target="_blank" rel="noopener noreferrer" className={`mt-2 inline-block text-sm ${textLink}`}>
          {tv("map.open")}
          <span className="sr-only"> {tv("newTab")}</span>
        </a>
      </div>
    </div>
  );
}
