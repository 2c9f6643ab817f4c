import { actorName } from "@workshop/domain/actor-names.ts";
import type { OrderMakingAnswer } from "@workshop/domain/staff-api/making.ts";
import { apiBase } from "#admin/api/client.ts";
import { consoleDate } from "#admin/dates.ts";
import { makingTexts } from "#admin/i18n/making.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { stageName } from "./stage-name.ts";

type Event = OrderMakingAnswer["events"][number];

/**
 * An order's stage changes, oldest first: from where to where, who and when, why it went back,
 * the notes for the customer (theirs first), whether they were told, and the photos, each a
 * thumbnail that opens at full size.
 */
export function MakingEvents({ events, orderLocale }: { events: Event[]; orderLocale: string }) {
  const t = useT(makingTexts);
  const locale = useLocale();
  const notes = orderLocale === "ru" ? (["noteRu", "noteEn"] as const) : (["noteEn", "noteRu"] as const);
  return (
    <section aria-labelledby="making-events-title" className="mt-6">
      <h3 id="making-events-title" className="font-semibold">
        {t("events.title")}
      </h3>
      {events.length === 0 ? (
        <p className="mt-1 text-sm text-ink-600">{t("events.none")}</p>
      ) : (
        <ol className="mt-2 space-y-3 text-sm">
          {events.map((event) => {
            const to = stageName(event.to, locale);
            return (
              <li key={event.id} className="border-l-2 border-sand-300 pl-3" data-event={event.direction}>
                <p className="font-medium [overflow-wrap:anywhere]">
                  {event.direction === "start" || !event.from
                    ? t("event.start", { to })
                    : t(event.direction === "back" ? "event.back" : "event.forward", { from: stageName(event.from, locale), to })}
                </p>
                <p className="text-ink-600 [overflow-wrap:anywhere]">
                  {t("event.by", { actor: actorName(event.actor, locale), date: consoleDate(event.createdAt, locale) })}
                </p>
                {event.reason && (
                  <p className="mt-1 break-words">
                    {t(event.direction === "back" ? "event.reason" : "event.adjusting", { reason: event.reason })}
                  </p>
                )}
                {notes
                  .filter((field) => event[field])
                  .map((field) => (
                    <div key={field} className="mt-1 rounded-lg bg-sand-50 p-2">
                      <p className="text-xs font-medium text-ink-600">{t(field === "noteEn" ? "event.noteEn" : "event.noteRu")}</p>
                      <p className="whitespace-pre-wrap break-words">{event[field]}</p>
                    </div>
                  ))}
                {event.direction !== "start" || event.tellCustomer ? (
                  <p className="mt-1 text-xs text-ink-600">{t(event.tellCustomer ? "event.told" : "event.notTold")}</p>
                ) : null}
                {event.photos.length > 0 && (
                  <ul aria-label={t("event.photos")} className="mt-2 flex flex-wrap gap-2">
                    {event.photos.map((photo, i) => (
                      <li key={photo.id}>
                        <a
                          href={`${apiBase()}${photo.url}`}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={t("event.photo", { n: i + 1, stage: to })}
                          className="block rounded-lg focus-visible:outline-2 focus-visible:outline-ink-900"
                        >
                          <img
                            // As the form's thumbnails (StagePhotos.tsx): a CORS request with the session's cookie.
                            crossOrigin="use-credentials"
                            src={`${apiBase()}${photo.thumbnailUrl}`}
                            alt={t("event.photoAlt", { n: i + 1, stage: to })}
                            width={photo.width}
                            height={photo.height}
                            loading="lazy"
                            className="size-20 rounded-lg bg-sand-100 object-cover"
                          />
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
