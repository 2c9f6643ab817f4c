import { openingHoursTexts } from "@workshop/domain/i18n/opening-hours.ts";
import { openingHoursLines, openingHoursRows, openingHoursText } from "@workshop/domain/opening-hours-text.ts";
import { useLocale, useT } from "#app/i18n/core.ts";

type Props = {
  /** 'lines': 'Monday - Saturday, 9am - 5pm' / 'Sunday: closed'; 'table': days beside their times. */
  as: "lines" | "table";
  /** Classes of the block (spacing, colour). */
  className?: string;
};

/**
 * The workshop's opening hours, from their one source (packages/domain/src/opening-hours.ts): the
 * footer, the contact, showroom and Shipping & Returns pages and the cash instructions all show them
 * through this, so no page keeps a copy of its own.
 */
export function OpeningHours({ as, className = "" }: Props) {
  const locale = useLocale();
  const t = useT(openingHoursTexts);
  return (
    // A named group: a screen reader announces "Opening hours" wherever they stand.
    // biome-ignore lint/a11y/useSemanticElements: lines of text, not form controls: a fieldset would be wrong
    <div role="group" aria-label={t("title")} className={className}>
      {as === "lines" ? (
        openingHoursLines(locale).map((line) => (
          <p key={line}>
            <TimesTogether text={line} />
          </p>
        ))
      ) : (
        <dl className="divide-y divide-sand-200">
          {openingHoursRows(locale).map((row) => (
            <div key={row.days} className="flex justify-between gap-4 py-2">
              <dt>{row.days}</dt>
              <dd className="font-medium text-ink-900 tabular-nums">{row.times}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/** 'Pickup hours: Monday - Saturday, 9am - 5pm; Sunday: closed', for the checkout's pickup option. */
export function PickupHours({ className = "" }: { className?: string }) {
  const t = useT(openingHoursTexts);
  return (
    <span className={className}>
      <TimesTogether text={t("pickup", { hours: openingHoursText(useLocale()) })} />
    </span>
  );
}

/** `text` with each time range of the hours kept on one line: a phone never leaves '9am -' above '5pm'. */
function TimesTogether({ text }: { text: string }) {
  const times = openingHoursRows(useLocale())
    .filter((row) => row.open)
    .map((row) => row.times.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  if (times.length === 0) return text;
  // Split on a capturing pattern: the odd parts are the time ranges.
  return text.split(new RegExp(`(${times.join("|")})`)).map((part, i) =>
    i % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, always in this order
      <span key={i} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
