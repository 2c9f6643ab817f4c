import { productionTimeText } from "@workshop/domain/custom-quote.ts";
import { makingDays } from "@workshop/domain/delivery.ts";
import { formatIdr, formatUsd } from "@workshop/domain/money.ts";
import { workingDaysText } from "@workshop/domain/working-days-text.ts";
import { useLocale, useT } from "#app/i18n/core.ts";
import { orders } from "#app/i18n/orders.ts";
import { ClockIcon, MapPinIcon } from "./Icons";
import { OpeningHours } from "./OpeningHours";
import { StepList } from "./StepList";
import { WorkshopAddress } from "./WorkshopAddress";

type Props = {
  orderNumber: string;
  /** What is paid in cash now: the order's total, or a custom hat's deposit (decision 026). */
  totalIdr: number;
  totalCents: number;
  /** The payment deadline as text: 7 days after placing, at the workshop's closing time (cash-payment-deadline.ts). */
  payBy: string;
  /** A custom hat's quote production time: its deposit is paid in cash, and it is made in that time. */
  productionTime?: string | null;
  /** A hat of the collection made to order: its making stages' usual working days; else the shop's business days. */
  makingWorkingDays?: number | null;
  headingLevel?: 2 | 3;
};

/**
 * How to pay a cash-in-store order (SPEC 9): come to the workshop within 7 days, pay 100% in cash,
 * crafting takes the making time after payment (the stages' working days of a hat made to order), unpaid orders are cancelled after 7 days.
 */
export function CashInStoreInstructions({
  orderNumber,
  totalIdr,
  totalCents,
  payBy,
  productionTime = null,
  makingWorkingDays = null,
  headingLevel = 2,
}: Props) {
  const t = useT(orders);
  const locale = useLocale();
  const custom = productionTime !== null;
  const Title = headingLevel === 2 ? "h2" : "h3";
  const Sub = headingLevel === 2 ? "h3" : "h4";
  // The order number must not break at its hyphen: the text is split around it.
  const [before, after] = t(custom ? "cash.payDeposit" : "cash.pay", {
    amount: `${formatIdr(totalIdr)} (${formatUsd(totalCents)})`,
    number: "\u0000",
  }).split("\u0000");
  const steps = [
    t("cash.visit", { date: payBy }),
    <>
      {before}
      <span className="whitespace-nowrap font-semibold">{orderNumber}</span>
      {after}
    </>,
    custom
      ? t("cash.craftCustom", { time: productionTimeText(productionTime, locale) })
      : makingWorkingDays !== null
        ? t("cash.craftWorkingDays", { days: workingDaysText(makingWorkingDays, locale) })
        : t("cash.craft", makingDays),
  ];

  return (
    <section className="rounded-2xl border border-amber-300 bg-amber-50/60 p-5 sm:p-6">
      <Title className="text-xl font-semibold">{t("cash.title")}</Title>
      <p className="mt-2 leading-relaxed text-ink-700">{t(custom ? "cash.introDeposit" : "cash.intro")}</p>

      <div className="mt-4">
        <StepList steps={steps} />
      </div>

      <p
        role="note"
        className="mt-4 rounded-xl bg-white px-4 py-3 text-sm font-medium leading-relaxed text-amber-900 ring-1 ring-amber-300"
      >
        {t("cash.warning")}
      </p>

      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        <div className="flex gap-3">
          <MapPinIcon className="mt-0.5 size-5 shrink-0 text-clay-700" />
          <div>
            <Sub className="font-sans text-sm font-semibold uppercase tracking-wider text-ink-500">{t("cash.address")}</Sub>
            <WorkshopAddress mapLabel={t("cash.map")} newTabLabel={t("newTab")} />
          </div>
        </div>
        <div className="flex gap-3">
          <ClockIcon className="mt-0.5 size-5 shrink-0 text-clay-700" />
          <div>
            <Sub className="font-sans text-sm font-semibold uppercase tracking-wider text-ink-500">{t("cash.hours")}</Sub>
            <OpeningHours as="lines" className="mt-1.5 leading-relaxed text-ink-700" />
          </div>
        </div>
      </div>
    </section>
  );
}
