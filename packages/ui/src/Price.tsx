import { formatIdr, formatUsd } from "@workshop/domain/money.ts";

/** An amount in US dollars (cents) with, where known, the rupiah charged for it beneath. */
export function Price({ usdCents, idr, className = "" }: { usdCents: number; idr?: number | null; className?: string }) {
  return (
    <span className={`inline-flex flex-col tabular-nums ${className}`}>
      <span>{formatUsd(usdCents)}</span>
      {idr !== undefined && idr !== null && <span className="text-xs text-ink-600">{formatIdr(idr)}</span>}
    </span>
  );
}
