import { pageWindow } from "@workshop/domain/page-window.ts";
import { admin } from "#app/i18n/admin.ts";
import { useT } from "#app/i18n/core.ts";

/** The page links under an admin list: previous, a window of page numbers, next, and "Page x of y". */
export function AdminPages({ page: asked, pages, hrefOf }: { page: number; pages: number; hrefOf: (page: number) => string }) {
  const t = useT(admin);
  if (pages <= 1) return null;
  const page = Math.min(asked, pages);
  const box = "min-w-9 rounded-lg border px-3 py-1.5 text-center";
  const link = `${box} border-sand-300 bg-white hover:bg-sand-100`;
  return (
    <nav aria-label={t("pages.label")} className="mt-4 flex flex-wrap items-center gap-2 text-sm">
      {page > 1 && (
        <a href={hrefOf(page - 1)} rel="prev" className={link}>
          {t("pages.previous")}
        </a>
      )}
      {pageWindow(page, pages).map((n, i) =>
        n === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
          <span key={`gap-${i}`} aria-hidden className="px-1 text-ink-600">
            …
          </span>
        ) : n === page ? (
          <span key={n} aria-current="page" className={`${box} border-ink-900 bg-ink-900 font-semibold text-sand-50`}>
            {n}
          </span>
        ) : (
          <a key={n} href={hrefOf(n)} aria-label={t("pages.goTo", { page: n })} className={link}>
            {n}
          </a>
        ),
      )}
      {page < pages && (
        <a href={hrefOf(page + 1)} rel="next" className={link}>
          {t("pages.next")}
        </a>
      )}
      <span className="ml-auto text-ink-600">{t("pages.current", { page, pages })}</span>
    </nav>
  );
}
