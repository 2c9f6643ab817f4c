import { useEffect, useRef } from "react";
import { photoSrc, small, type Tr } from "./studio-parts.ts";

/**
 * A studio photo beside the photo it was made from, at the panel's width (one above the other on a
 * phone), each whole (never cropped) and opening at its largest size in a new tab, to look closer.
 * It opens below the job's photos, so it is brought into view (on a phone, several screens down).
 */
export function StudioComparison({
  before,
  after,
  view,
  t,
  onClose,
}: {
  /** Storage keys of the source photo and of the studio photo. */
  before: string;
  after: string;
  view: string;
  t: Tr;
  onClose: () => void;
}) {
  const shown = useRef<HTMLElement>(null);
  useEffect(() => {
    if (after) shown.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [after]);
  const sides = [
    { key: before, label: t("before") },
    { key: after, label: t("after") },
  ];
  return (
    <section ref={shown} aria-label={t("comparison", { view })} className="mt-3 rounded-xl border border-sand-200 bg-sand-50 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">{t("comparison", { view })}</h4>
        <button type="button" className={small} onClick={onClose}>
          {t("closeComparison")}
        </button>
      </div>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {sides.map(({ key, label }) => (
          <figure key={label}>
            <a
              href={photoSrc(key, 1280)}
              target="_blank"
              rel="noopener"
              title={t("fullSize", { label })}
              className="block cursor-zoom-in rounded-lg border border-sand-200 bg-white"
            >
              <img src={photoSrc(key, 960)} alt={label} className="aspect-square w-full rounded-lg object-contain" />
            </a>
            <figcaption className="mt-1 flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <span className="font-semibold text-ink-900">{label}</span>
              <a href={photoSrc(key, 1280)} target="_blank" rel="noopener" className="text-ink-800 underline">
                {t("fullSize", { label })}
              </a>
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
