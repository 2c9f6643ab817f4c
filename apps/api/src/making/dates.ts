import {
  calendarDaysBetween,
  deliveryDayAfterReady,
  estimatedReadyDay,
  isLate,
  type WorkshopDay,
  workingDaysBetween,
  workshopDayOf,
} from "@workshop/domain/making-stages.ts";

/** Where an order's making stands in time, as the order's page and the board show it. */
export type MakingDates = {
  /** Working and calendar days in the current stage, and whether that passed its usual days. */
  workingDays: number;
  calendarDays: number;
  overdue: boolean;
  readyDay: WorkshopDay | null;
  deliveryDay: WorkshopDay | null;
  promisedDeliveryDay: WorkshopDay | null;
  late: boolean;
};

/**
 * The dates of an order's making at `now` (decision 054): how long it has been in its stage, the
 * estimated ready day from the stages' usual days (making-stages.ts), when it would arrive, and
 * whether that is later than the day the checkout promised.
 */
export function makingDates(
  stages: readonly { id: number; usualDays: number }[],
  making: { stageId: number; stageSince: Date; endedAt: Date | null },
  order: { deliveryOption: string; promisedDeliveryDay: string | null },
  now: Date,
): MakingDates {
  const since = workshopDayOf(making.stageSince);
  const today = workshopDayOf(now);
  const workingDays = workingDaysBetween(since, today);
  const usual = stages.find((stage) => stage.id === making.stageId)?.usualDays ?? 0;
  const readyDay = estimatedReadyDay({ stages, currentStageId: making.stageId, since: making.stageSince, endedAt: making.endedAt }, now);
  return {
    workingDays,
    calendarDays: calendarDaysBetween(since, today),
    overdue: making.endedAt === null && workingDays > usual,
    readyDay,
    deliveryDay: readyDay ? deliveryDayAfterReady(readyDay, order.deliveryOption) : null,
    promisedDeliveryDay: order.promisedDeliveryDay,
    late: isLate(readyDay, order.promisedDeliveryDay, order.deliveryOption),
  };
}
