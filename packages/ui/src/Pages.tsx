import { pageWindow } from "@workshop/domain/page-window.ts";
import type { ReactNode } from "react";

export type PagesLabels = {
  label: string;
  previous: string;
  next: string;
  /** "Page {page} of {pages}" and "Page {page}" with the numbers filled in. */
  current: (page: number, pages: number) => string;
  goTo: (page: number) => string;
};

/** What a page link is drawn with: an app draws it as its router's link. */
export type LinkProps = { href: string; className: string; rel?: string; "aria-label"?: string; children: ReactNode };

/**
 * The page links under a list: previous, a window of page numbers, next, and "Page x of y".
 * `link` draws each link (an app's router link; a plain <a> by default).
 */
export function Pages({
  page: asked,
  pages,
  hrefOf,
  labels,
  link = (props) => <a {...props} />,
}: {
  page: number;
  pages: number;
  hrefOf: (page: number) => string;
  labels: PagesLabels;
  link?: (props: LinkProps) => ReactNode;
}) {
  if (pages <= 1) return null;
  const page = Math.min(asked, pages);
  const box = "min-w-9 rounded-lg border px-3 py-1.5 text-center";
  const className = `${box} border-sand-300 bg-white hover:bg-sand-100`;
  return (
    <nav aria-label={labels.label} className="mt-4 flex flex-wrap items-center gap-2 text-sm">
      {page > 1 && link({ href: hrefOf(page - 1), rel: "prev", className, children: labels.previous })}
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
          <span key={n} className="contents">
            {link({ href: hrefOf(n), "aria-label": labels.goTo(n), className, children: n })}
          </span>
        ),
      )}
      {page < pages && link({ href: hrefOf(page + 1), rel: "next", className, children: labels.next })}
      <span className="ml-auto text-ink-600">{labels.current(page, pages)}</span>
    </nav>
  );
}
