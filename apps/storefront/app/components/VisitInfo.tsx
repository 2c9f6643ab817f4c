import { mapEmbedUrl, shop, telegramUrl, whatsappUrl } from "@workshop/domain/shop.ts";
import { useId } from "react";
import { useT } from "#app/i18n/core.ts";
import { visit } from "#app/i18n/visit.ts";
import { ClockIcon, MapPinIcon } from "./Icons";
import { OpeningHours } from "./OpeningHours";
import { WorkshopAddress } from "./WorkshopAddress";

export type VisitInfoProps = {
  /** Which opening hours to state: the Contact page's office hours or the Showroom's visiting hours. */
  hours: "contact" | "showroom";
  /** Level of the block's title (its sub-headings are one level below). Default 2. */
  headingLevel?: 2 | 3;
  /** Show the WhatsApp and Telegram links. Default true. */
  messaging?: boolean;
  /** id of the outer <section>, e.g. as an anchor target ("#visit"). */
  id?: string;
  /** Classes of the outer <section>; default "mt-16 sm:mt-20". */
  className?: string;
};

const ChatIcon = ({ className = "size-5" }: { className?: string }) => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden
    className={className}
  >
    <path d="M20 12a8 8 0 0 1-11.6 7.1L4 20l1-4.2A8 8 0 1 1 20 12z" />
  </svg>
);

/**
 * Where the workshop is and when it is open: address, hours, messaging-app links, an embedded
 * map (fixed 4:3 box, so nothing shifts while it loads) and a link to open the map in Google Maps.
 */
export function VisitInfo({ hours, headingLevel = 2, messaging = true, id, className = "mt-16 sm:mt-20" }: VisitInfoProps) {
  const t = useT(visit);
  const titleId = useId();
  const Title = headingLevel === 2 ? "h2" : "h3";
  const Sub = headingLevel === 2 ? "h3" : "h4";
  const newTab = <span className="sr-only"> {t("newTab")}</span>;
  const subClass = "text-lg font-semibold font-serif";

  return (
    <section id={id} aria-labelledby={titleId} className={`scroll-mt-24 ${className}`}>
      <div className="max-w-2xl">
        <Title id={titleId} className="text-3xl font-semibold sm:text-4xl">
          {t(hours === "contact" ? "title.contact" : "title.showroom")}
        </Title>
        <p className="mt-3 leading-relaxed text-ink-700">{t(hours === "contact" ? "intro.contact" : "intro.showroom")}</p>
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-5 lg:gap-12">
        <div className="space-y-8 lg:col-span-2">
          <div className="flex gap-4">
            <MapPinIcon className="mt-1 size-5 shrink-0 text-clay-700" />
            <div>
              <Sub className={subClass}>{t("address")}</Sub>
              <WorkshopAddress mapLabel={t("map.open")} newTabLabel={t("newTab")} />
            </div>
          </div>

          <div className="flex gap-4">
            <ClockIcon className="mt-1 size-5 shrink-0 text-clay-700" />
            <div className="grow">
              <Sub className={subClass}>{t("hours")}</Sub>
              {hours === "contact" ? (
                <OpeningHours as="lines" className="mt-2 leading-relaxed text-ink-700" />
              ) : (
                <>
                  <OpeningHours as="table" className="mt-2 max-w-sm text-ink-700" />
                  <p className="mt-3 rounded-xl bg-sand-100 px-4 py-3 text-sm leading-relaxed text-ink-900">{t("hours.appointment")}</p>
                </>
              )}
            </div>
          </div>

          {messaging && (
            <div className="flex gap-4">
              <ChatIcon className="mt-1 size-5 shrink-0 text-clay-700" />
              <div>
                <Sub className={subClass}>{t("message")}</Sub>
                <p className="mt-2 leading-relaxed text-ink-700">{t(hours === "contact" ? "message.contact" : "message.showroom")}</p>
                <div className="mt-4 flex flex-wrap gap-3">
                  <a href={whatsappUrl} target="_blank" rel="noopener noreferrer" className="btn-primary">
                    {t(hours === "contact" ? "whatsapp.contact" : "whatsapp.showroom")}
                    {newTab}
                  </a>
                  <a href={telegramUrl} target="_blank" rel="noopener noreferrer" className="btn-secondary">
                    {t(hours === "contact" ? "telegram.contact" : "telegram.showroom")}
                    {newTab}
                  </a>
                </div>
              </div>
            </div>
          )}
        </div>

        <div className="lg:col-span-3">
          <div className="aspect-[4/3] overflow-hidden rounded-[1.5rem] border border-sand-200 bg-sand-100">
            <iframe
              src={mapEmbedUrl}
              title={t("map.title", { name: shop.name, place: shop.address.village })}
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
              allowFullScreen
              className="block size-full border-0"
            />
          </div>
        </div>
      </div>
    </section>
  );
}
