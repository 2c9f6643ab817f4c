import { formatUsd } from "@workshop/domain/money.ts";
import { checkout } from "#app/i18n/checkout.ts";
import { useT } from "#app/i18n/core.ts";

type Props = {
  productName: string;
  size: number | null;
  priceCents: number;
  deliveryCents?: number | null;
  /** Rupiah equivalent of the total (of the part paid now, when `part`), already formatted, with the rate used. */
  idr?: { amount: string; rate: string } | null;
  /** A custom hat paid in two parts: the deposit or the balance paid now, in US cents. */
  part?: { kind: "DEPOSIT" | "BALANCE"; cents: number } | null;
};

/** The order so far, beside every checkout step: amounts as the server computed them. */
export function CheckoutSummary({ productName, size, priceCents, deliveryCents, idr, part }: Props) {
  const t = useT(checkout);
  const total = priceCents + (deliveryCents ?? 0);
  return (
    <aside aria-labelledby="summary-title" className="rounded-2xl border border-sand-200 bg-white p-6">
      <h2 id="summary-title" className="text-lg font-semibold">
        {t("summary.title")}
      </h2>
      <p className="mt-4 font-serif text-lg">{productName}</p>
      <p className="text-sm text-ink-500">
        {part ? t("summary.customHat") : size === null ? t("confirm.noSize") : t("confirm.sizeValue", { size })}
      </p>
      <dl className="mt-4 space-y-2 border-t border-sand-200 pt-4 text-sm">
        <div className="flex justify-between">
          <dt className="text-ink-700">{t("summary.subtotal")}</dt>
          <dd>{formatUsd(priceCents)}</dd>
        </div>
        {deliveryCents != null && (
          <div className="flex justify-between">
            <dt className="text-ink-700">{t("summary.delivery")}</dt>
            <dd>{formatUsd(deliveryCents)}</dd>
          </div>
        )}
        <div className="flex justify-between border-t border-sand-200 pt-2 text-base font-semibold">
          <dt>{t("summary.total")}</dt>
          <dd>{formatUsd(total)}</dd>
        </div>
        {part && (
          <div className="flex justify-between rounded-lg bg-sand-100 px-2 py-1.5 font-semibold">
            <dt>{t(part.kind === "DEPOSIT" ? "summary.depositNow" : "summary.balanceNow")}</dt>
            <dd>{formatUsd(part.cents)}</dd>
          </div>
        )}
      </dl>
      {part?.kind === "DEPOSIT" && <p className="mt-2 text-xs text-ink-500">{t("summary.balanceLater")}</p>}
      {idr && (
        <div className="mt-2 text-right text-sm text-ink-700">
          <p>{t("summary.idr", { amount: idr.amount })}</p>
          <p className="text-xs text-ink-500">{t("summary.rate", { rate: idr.rate })}</p>
        </div>
      )}
    </aside>
  );
}
