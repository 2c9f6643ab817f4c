import { addressLines, mapLinkUrl, shop } from "@workshop/domain/shop.ts";
import { ArrowRight } from "./Icons";

/** The workshop's postal address and a link that opens it in the maps service. */
export function WorkshopAddress({ mapLabel, newTabLabel }: { mapLabel: string; newTabLabel: string }) {
  return (
    <>
      <address className="mt-2 not-italic leading-relaxed text-ink-700">
        <span className="block font-medium text-ink-900">{shop.legalName}</span>
        {addressLines.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
      <a
        href={mapLinkUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-clay-700 underline decoration-clay-700/40 underline-offset-4 hover:decoration-clay-700"
      >
        {mapLabel}
        <span className="sr-only"> {newTabLabel}</span>
        <ArrowRight className="size-4" />
      </a>
    </>
  );
}
