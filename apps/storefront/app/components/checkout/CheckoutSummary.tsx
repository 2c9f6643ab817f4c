import { productionTimeText } from "@workshop/domain/custom-quote.ts";
import { formatIdr, formatRate, formatUsd } from "@workshop/domain/money.ts";
import type { CheckoutSummaryAnswer } from "@workshop/domain/shop-api/checkout.ts";
import { workingDaysText } from "@workshop/domain/working-days-text.ts";
import { CustomHatPicture } from "#app/components/CustomHatPicture.tsx";
import { checkout } from "#app/i18n/checkout.ts";
import { useLocale, useT } from "#app/i18n/core.ts";
import { deliveryTexts } from "#app/i18n/delivery.ts";

/**
 * The order so far, beside every checkout step: amounts as the API computed them (the total, the
 * part of a custom hat paid now, and on the payment step the rupiah paid now with the rate used);
 * a custom hat with its picture, its size as the request gave it and its quote's production time;
 * a hat made to order with its usual making time (its making stages).
 */
export function CheckoutSummary({
  productName,
  size,
  priceCents,
  deliveryCents,
  totalCents,
  idr,
  part,
  customHat,
  makingWorkingDays,
}: CheckoutSummaryAnswer) {
  const t = useT(checkout);
  const td = useT(deliveryTexts);
  const locale = useLocale();
  return (
    <aside aria-labelledby="summary-title" className="rounded-2xl border border-sand-200 bg-white p-6">
      <h2 id="summary-title" className="text-lg font-semibold">
        {t("summary.title")}
      </h2>
      {customHat ? (
        <div className="mt-4 flex gap-4">
          <div className="w-20 shrink-0 overflow-hidden rounded-xl">
            <CustomHatPicture picture={customHat.picture} sizes="80px" />
          </div>
          <div className="min-w-0">
            <p className="font-serif text-lg leading-snug">{productName}</p>
            <p className="text-sm text-ink-500">{t("summary.size", { size: customHat.size })}</p>
            <p className="text-sm text-ink-500">{td("makingCustom", { time: productionTimeText(customHat.productionTime, locale) })}</p>
          </div>
        </div>
      ) : (
        <>
          <p className="mt-4 font-serif text-lg">{productName}</p>
          <p className="text-sm text-ink-500">
            {part ? t("summary.customHat") : size === null ? t("confirm.noSize") : t("confirm.sizeValue", { size })}
          </p>
          {makingWorkingDays !== null && (
            <p className="text-sm text-ink-500">{td("makingWorkingDays", { days: workingDaysText(makingWorkingDays, locale) })}</p>
          )}
        </>
      )}
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
          <dd>{formatUsd(totalCents)}</dd>
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
          <p>{t("summary.idr", { amount: formatIdr(idr.amount) })}</p>
          <p className="text-xs text-ink-500">{t("summary.rate", { rate: formatRate(idr.rate) })}</p>
        </div>
      )}
    </aside>
  );
}
