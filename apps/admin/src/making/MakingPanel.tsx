import type { Locale } from "@workshop/domain/locale.ts";
import type { MakingStagesAnswer, OrderMakingAnswer } from "@workshop/domain/staff-api/making.ts";
import type { OrderDetailAnswer } from "@workshop/domain/staff-api/order.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { consoleDate, consoleDay } from "#admin/dates.ts";
import { countText } from "#admin/i18n/counts.ts";
import { makingTexts } from "#admin/i18n/making.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { MakingEvents } from "./MakingEvents.tsx";
import { MoveForm, type MoveMode } from "./MoveForm.tsx";
import { stageName } from "./stage-name.ts";

type T = ReturnType<typeof useT<keyof typeof makingTexts.en>>;

const stateMark = {
  done: "bg-green-50 text-green-900 ring-green-300",
  current: "bg-indigo-50 text-indigo-900 ring-indigo-300",
  next: "bg-sand-100 text-ink-700 ring-sand-300",
} as const;

/**
 * An order's making on its page (decision 054): the stages done, current and to come with their
 * dates, the estimate against the day promised at checkout, moving on or back with a note and
 * photos for the customer, and every change so far. A ready hat not being made can be sent for
 * adjusting. A move someone made meanwhile is said here, and the order is loaded again.
 */
export function MakingPanel({
  detail,
  stages,
  onDone,
  onDirty,
}: {
  detail: OrderDetailAnswer;
  /** The shop's stage list, read when the order's hat may be sent for adjusting (where it starts). */
  stages: MakingStagesAnswer["stages"] | null;
  onDone: (text: string) => void;
  onDirty: (dirty: boolean) => void;
}) {
  const t = useT(makingTexts);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [mode, setMode] = useState<MoveMode | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { order, making } = detail;
  const open = (next: MoveMode) => {
    setProblem(null);
    setMode(next);
  };
  const form = mode && (
    <MoveForm
      // A new form once the order moved: its stage, its waiting photos.
      key={`${mode.kind}:${making?.current.id ?? ""}:${making?.events.length ?? 0}`}
      orderId={order.id}
      orderLocale={order.locale === "ru" ? "ru" : "en"}
      mode={mode}
      expected={making?.current.id ?? null}
      waiting={making?.waitingPhotos ?? []}
      mailsStopped={making?.stageMailsStopped ?? false}
      onCancel={() => setMode(null)}
      onDone={(text) => {
        setMode(null);
        onDone(text);
      }}
      onStale={(text) => {
        setMode(null);
        setProblem(text);
        void revalidator.revalidate();
      }}
      onDirty={onDirty}
    />
  );

  if (!making) {
    const paid = order.paymentStatus === "SUCCEEDED" || order.paymentStatus === "DEPOSIT_PAID";
    return (
      <>
        {problem && <Notice tone="problem">{problem}</Notice>}
        <p className="mt-2 text-sm text-ink-700">{t(paid ? "none.ready" : "none.unpaid")}</p>
        {detail.can.adjust && stages && stages.length > 0 && !mode && (
          <button type="button" className="btn-secondary mt-3" onClick={() => open({ kind: "adjust", stages })}>
            {t("adjust")}
          </button>
        )}
        {form}
      </>
    );
  }

  const { current, estimate } = making;
  const usual = making.stages.find((stage) => stage.id === current.id)?.usualDays ?? 0;
  return (
    <>
      {problem && <Notice tone="problem">{problem}</Notice>}
      <p className="mt-2 text-sm">
        <span className="font-medium">{t(`reason.${making.reason}`)}.</span>{" "}
        {making.endedAt
          ? t("summary.ready", { date: consoleDate(making.endedAt, locale) })
          : t("summary.now", {
              stage: stageName(current, locale),
              date: consoleDate(current.since, locale),
              working: countText("workingDays", current.workingDays, locale),
              days: countText("days", current.calendarDays, locale),
            })}{" "}
        {!making.endedAt && current.workingDays > usual && t("summary.overdue", { usual: countText("workingDays", usual, locale) })}
      </p>
      {making.stageMailsStopped && <p className="mt-1 text-sm text-ink-700">{t("mailsStopped")}</p>}

      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <ol aria-label={t("stages.label")} className="space-y-2 text-sm">
          {making.stages.map((stage) => (
            <li
              key={stage.id}
              className="flex flex-wrap items-baseline gap-x-2"
              aria-current={stage.state === "current" ? "step" : undefined}
            >
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${stateMark[stage.state]}`}>
                {t(`state.${stage.state}`)}
              </span>
              <span className={stage.state === "current" ? "font-semibold" : ""}>{stageName(stage, locale)}</span>
              <span className="text-xs text-ink-600">
                {stage.reachedAt && stage.state !== "next"
                  ? t("stage.reached", { date: consoleDate(stage.reachedAt, locale) })
                  : t("stage.usual", { days: countText("workingDays", stage.usualDays, locale) })}
              </span>
            </li>
          ))}
        </ol>
        <Estimate t={t} locale={locale} estimate={estimate} />
      </div>

      {!mode && (making.can.forward || making.can.back.length > 0) && (
        <div className="mt-4 flex flex-wrap gap-3">
          {making.can.forward && (
            <button type="button" className="btn-primary" onClick={() => open({ kind: "forward", to: making.can.forward! })}>
              {t("forward", { stage: stageName(making.can.forward, locale) })}
            </button>
          )}
          {making.can.back.length > 0 && (
            <button type="button" className="btn-secondary" onClick={() => open({ kind: "back", stages: making.can.back })}>
              {t("back")}
            </button>
          )}
        </div>
      )}
      {form}
      <MakingEvents events={making.events} orderLocale={order.locale} />
    </>
  );
}

/** The ready day and the delivery day as estimated now, the day promised at checkout, and whether the order is late (in words). */
function Estimate({ t, locale, estimate }: { t: T; locale: Locale; estimate: OrderMakingAnswer["estimate"] }) {
  const day = (value: string | null) => (value ? consoleDay(value, locale) : "—");
  return (
    <div className="text-sm">
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
        <dt className="text-ink-600">{t("estimate.ready")}</dt>
        <dd>{day(estimate.readyDay)}</dd>
        <dt className="text-ink-600">{t("estimate.delivery")}</dt>
        <dd>{day(estimate.deliveryDay)}</dd>
        <dt className="text-ink-600">{t("estimate.promised")}</dt>
        <dd>{estimate.promisedDeliveryDay ? day(estimate.promisedDeliveryDay) : t("estimate.notKept")}</dd>
      </dl>
      {estimate.late ? (
        <p className="mt-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2 font-medium text-red-900" data-late>
          {t("estimate.late")}
        </p>
      ) : (
        estimate.promisedDeliveryDay && <p className="mt-2 text-green-900">{t("estimate.onTime")}</p>
      )}
    </div>
  );
}
