import type { CustomerMaking } from "@workshop/domain/shop-api/order-making.ts";
import { useT } from "#app/i18n/core.ts";
import { making as makingTexts } from "#app/i18n/making.ts";
import { Link } from "./localized";

/**
 * A hat made for its order, stage by stage, on the customer's order page (decision 054): the
 * stages done (with when they began), the current one and those to come, the days it should be
 * ready and arrive, and what the workshop showed at each step, newest first: its note and its
 * photos, each a link to the full-size photo, and the way to the page that stops (or resumes) the
 * e-mails about the stages. Plain links and markup: it needs no script.
 */
export function MakingTimeline({ making, token }: { making: CustomerMaking; token: string }) {
  const t = useT(makingTexts);
  return (
    <section aria-labelledby="making-title" className="rounded-2xl border border-sand-200 bg-white p-5 sm:p-6">
      <h2 id="making-title" className="text-xl font-semibold">
        {t("title")}
      </h2>
      <p className="mt-1 text-ink-700">{t(making.ready ? "readyIntro" : "intro")}</p>

      {!making.ready && (making.readyDay || making.deliveryDay) && (
        <div className="mt-4 rounded-xl bg-sand-100 p-4">
          <dl className="flex flex-wrap gap-x-8 gap-y-2">
            {making.readyDay && (
              <div>
                <dt className="text-sm text-ink-500">{t("estimate.ready")}</dt>
                <dd className="font-semibold">{making.readyDay}</dd>
              </div>
            )}
            {making.deliveryDay && (
              <div>
                <dt className="text-sm text-ink-500">{t("estimate.delivery")}</dt>
                <dd className="font-semibold">{making.deliveryDay}</dd>
              </div>
            )}
          </dl>
          <p className="mt-2 text-xs text-ink-500">{t("estimate.note")}</p>
        </div>
      )}

      <ol className="mt-5">
        {making.stages.map((stage, i) => (
          <li key={stage.name} className="relative flex gap-3 pb-4 last:pb-0" aria-current={stage.state === "current" ? "step" : undefined}>
            {i < making.stages.length - 1 && (
              <span
                aria-hidden
                className={`absolute top-5 bottom-0 left-[9px] w-0.5 ${stage.state === "done" ? "bg-clay-600" : "bg-sand-300"}`}
              />
            )}
            <span
              aria-hidden
              className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-[11px] font-bold ${
                stage.state === "done"
                  ? "bg-clay-600 text-white"
                  : stage.state === "current"
                    ? "border-2 border-clay-600 bg-white"
                    : "border-2 border-sand-300 bg-white"
              }`}
            >
              {stage.state === "done" ? "✓" : stage.state === "current" ? <span className="size-2 rounded-full bg-clay-600" /> : null}
            </span>
            <div className="min-w-0">
              <p className={stage.state === "next" ? "text-ink-500" : "font-medium"}>
                {stage.name} <span className="text-sm font-normal text-ink-500">· {t(`stage.${stage.state}`)}</span>
              </p>
              {stage.reachedAt && (
                <p className="text-sm text-ink-500">
                  {t(stage.state === "current" ? "stage.reached" : "stage.doneOn", { date: stage.reachedAt })}
                </p>
              )}
            </div>
          </li>
        ))}
      </ol>

      {making.updates.some((u) => u.note || u.photos.length > 0) && (
        <>
          <h3 className="mt-6 text-lg font-semibold">{t("updates.title")}</h3>
          <ol className="mt-3 space-y-5">
            {making.updates
              .filter((u) => u.note || u.photos.length > 0)
              .map((update) => (
                <li key={update.id} className="border-t border-sand-200 pt-4 first:border-t-0 first:pt-0">
                  <p className="font-medium">{t(`update.${update.direction}`, { stage: update.stage })}</p>
                  <p className="text-sm text-ink-500">{update.at}</p>
                  {update.note && <p className="mt-2 whitespace-pre-line [overflow-wrap:anywhere] text-ink-700">{update.note}</p>}
                  {update.photos.length > 0 && (
                    <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
                      {update.photos.map((photo, n) => (
                        <li key={photo.id}>
                          <a
                            href={photo.url}
                            className="block overflow-hidden rounded-lg bg-sand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-clay-700"
                            aria-label={t("photo.open", { n: n + 1, stage: update.stage })}
                          >
                            <img
                              src={photo.thumbnailUrl}
                              width={photo.width}
                              height={photo.height}
                              loading="lazy"
                              decoding="async"
                              alt={t("photo.alt", { n: n + 1, stage: update.stage })}
                              className="aspect-square h-auto w-full object-cover"
                            />
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
          </ol>
        </>
      )}
      {/* The e-mails' own stop page (routes/orders/stage-mails.tsx), which asks first. */}
      {!making.ready && (
        <p className="mt-5 text-sm text-ink-500">
          {t(making.stageMailsStopped ? "mails.stopped" : "mails.on")}{" "}
          <Link to={`/orders/${token}/stage-mails`} className="font-semibold text-clay-700 underline underline-offset-4">
            {t(making.stageMailsStopped ? "mails.resume" : "mails.stop")}
          </Link>
        </p>
      )}
      <p className="mt-4 text-xs text-ink-500">{t("timezone")}</p>
    </section>
  );
}
