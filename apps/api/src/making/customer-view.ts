import { formatDeliveryDay } from "@workshop/domain/delivery.ts";
import type { Locale } from "@workshop/domain/locale.ts";
import { isMakingDirection } from "@workshop/domain/making-stages.ts";
import { momentOfWorkshopDay } from "@workshop/domain/opening-hours.ts";
import { formatOrderDate } from "@workshop/domain/order-date.ts";
import type { CustomerMaking } from "@workshop/domain/shop-api/order-making.ts";
import { makingDates } from "./dates.ts";
import { makingRecordOf } from "./making-view.ts";
import { photoAnswer, shopPhotoBase } from "./photos.ts";
import type { MakingStage } from "./stage-list.ts";

/**
 * An order's making as its customer follows it on the order's private page (shop-api/order-making.ts):
 * the stages named in the customer's language, the days it should be ready and arrive, and each
 * step the workshop took with its note for the customer (in their language, else the other one) and
 * its photos, linked through the order's private link. A reason for going back is the workshop's
 * own and stays in the console. Null for an order whose hat is not made for it.
 */
export async function customerMakingOf(
  order: { id: string; accessToken: string },
  locale: Locale,
  now: Date = new Date(),
): Promise<CustomerMaking | null> {
  const record = await makingRecordOf(order.id);
  if (!record) return null;
  const { found, stages, events, photos, named, stateOf } = record;
  const name = (stage: Pick<MakingStage, "nameEn" | "nameRu">) => (locale === "ru" ? stage.nameRu : stage.nameEn);
  const day = (workshopDay: string | null) => (workshopDay ? formatDeliveryDay(momentOfWorkshopDay(workshopDay), locale) : null);
  const dates = makingDates(stages, found, found, now);
  const base = shopPhotoBase(order.accessToken);
  const noteOf = ({ noteEn, noteRu }: { noteEn: string | null; noteRu: string | null }) =>
    (locale === "ru" ? [noteRu, noteEn] : [noteEn, noteRu]).find((note) => note) ?? null;
  return {
    stages: stages.map((stage, index) => {
      const { state, reachedAt } = stateOf(stage, index);
      return { name: name(stage), state, reachedAt: reachedAt ? formatOrderDate(reachedAt, locale) : null };
    }),
    ready: found.endedAt !== null,
    readyDay: day(dates.readyDay),
    deliveryDay: day(dates.deliveryDay),
    updates: events.toReversed().map((event) => ({
      id: event.id,
      stage: name(named.get(event.toStageId)!),
      direction: isMakingDirection(event.direction) ? event.direction : "forward",
      at: formatOrderDate(event.createdAt, locale),
      note: noteOf(event),
      photos: photos
        .filter((photo) => photo.eventId === event.id)
        .map((photo) => {
          const { id, width, height, url, thumbnailUrl } = photoAnswer(photo, base);
          return { id, width, height, url, thumbnailUrl };
        }),
    })),
    stageMailsStopped: found.stageMailsStoppedAt !== null,
  };
}
