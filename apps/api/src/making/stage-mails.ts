import type { Locale } from "@workshop/domain/locale.ts";
import type { Tx } from "#server/db/tx.ts";
import { enqueueMail, type MailContent, type MailPhoto } from "#server/mail/index.ts";
import { orderInLanguage } from "#server/orders/in-language.ts";
import type { Order } from "#server/orders/types.ts";
import { makingDates } from "./dates.ts";
import { shopPhotoBase } from "./photos.ts";
import { activeStages, type MakingStage } from "./stage-list.ts";

/**
 * The e-mails about the making of a hat (docs/decisions/055-stage-mails-and-promised-days.md), in
 * the customer's language, queued in the transaction that changed the making (so a mail exists
 * exactly when its change does, once per dedupe key): the start, each move the workshop chose to
 * tell the customer of (its note, one photo), and the hat reaching the last stage. None is queued
 * once the customer stopped them (orders.stage_mails_stopped_at; stage-mail-stop.ts withholds those
 * still queued); the order's own e-mails (paid, shipped) never read it.
 */

const languageOf = (order: Order): Locale => (order.locale === "ru" ? "ru" : "en");
const nameIn = (stage: Pick<MakingStage, "nameEn" | "nameRu">, locale: Locale) => (locale === "ru" ? stage.nameRu : stage.nameEn);

/** The workshop's note in the customer's language; the other language's when only that one is written; null without one. */
function noteFor(locale: Locale, note: { noteEn: string; noteRu: string }): string | null {
  const [theirs, other] = locale === "ru" ? [note.noteRu, note.noteEn] : [note.noteEn, note.noteRu];
  return theirs.trim() || other.trim() || null;
}

/** The first photo of a move, as the e-mail shows it through the order's private link: 960 px wide, linked to 1280. */
async function photoOf(tx: Tx, order: Order, eventId: number): Promise<MailPhoto | null> {
  const photo = await tx
    .selectFrom("makingPhotos")
    .select(["id", "width", "height"])
    .where("orderId", "=", order.id)
    .where("eventId", "=", eventId)
    .orderBy("position")
    .limit(1)
    .executeTakeFirst();
  if (!photo) return null;
  const at = `${shopPhotoBase(order.accessToken)}/${photo.id}`;
  return { path: `${at}/960.jpg`, fullPath: `${at}/1280.jpg`, width: photo.width, height: photo.height };
}

/**
 * Where the making stands now: its stage and the estimate from the stages' usual days. A custom
 * hat is made in its quote's production time, which those days do not describe: no estimate.
 */
async function positionOf(tx: Tx, order: Order) {
  const [making, stages] = await Promise.all([
    tx.selectFrom("orderMaking").selectAll().where("orderId", "=", order.id).executeTakeFirst(),
    activeStages(tx),
  ]);
  if (!making) return null;
  const stage = stages.find((s) => s.id === making.stageId);
  if (!stage) return null;
  const last = stages.at(-1)!.id === stage.id;
  if (making.reason === "custom") return { stage, last, readyDay: null, deliveryDay: null };
  const { readyDay, deliveryDay } = makingDates(stages, making, order, new Date());
  return { stage, last, readyDay, deliveryDay };
}

/** Queues a mail about the making to the order's customer, in their language, unless they stopped these. */
async function mailCustomer(tx: Tx, order: Order, dedupeKey: string, content: (theirs: Order, locale: Locale) => MailContent) {
  if (order.stageMailsStoppedAt !== null) return;
  const locale = languageOf(order);
  const theirs = await orderInLanguage(order, locale, tx);
  await enqueueMail({ ...content(theirs, locale), dedupeKey, locale, to: order.shippingAddress.email, orderId: order.id }, { tx });
}

/**
 * The making started as the order was paid (making/start.ts, in the payment's transaction): the
 * hat is being made, in its first stage, with the day it should be ready and arrive. Once per order.
 */
export async function announceMakingStarted(tx: Tx, order: Order): Promise<void> {
  const now = await positionOf(tx, order);
  if (!now) return;
  await mailCustomer(tx, order, `making-started:${order.id}`, (theirs, locale) =>
    now.last
      ? { template: "making-ready", vars: { order: theirs, stage: nameIn(now.stage, locale), note: null, photo: null, balanceDue: false } }
      : {
          template: "making-started",
          vars: { order: theirs, stage: nameIn(now.stage, locale), readyDay: now.readyDay, deliveryDay: now.deliveryDay },
        },
  );
}

/** A stage change as its event keeps it. */
export type StageChange = {
  eventId: number;
  direction: "start" | "forward" | "back";
  noteEn: string;
  noteRu: string;
  tellCustomer: boolean;
};

/**
 * After a move (or a ready hat's adjusting, which starts its making), in its transaction: the hat
 * reaching the last stage is always told (with the move's note and photo); any other move when
 * staff chose to tell the customer. One mail per move.
 */
export async function announceStageChange(tx: Tx, order: Order, change: StageChange): Promise<void> {
  const now = await positionOf(tx, order);
  if (!now || (!now.last && !change.tellCustomer)) return;
  const photo = await photoOf(tx, order, change.eventId);
  await mailCustomer(tx, order, `making-stage:${change.eventId}`, (theirs, locale) => {
    const stage = nameIn(now.stage, locale);
    const note = noteFor(locale, change);
    if (now.last)
      return {
        template: "making-ready",
        vars: { order: theirs, stage, note, photo, balanceDue: order.paymentStatus === "DEPOSIT_PAID" },
      };
    return {
      template: "making-update",
      vars: { order: theirs, stage, direction: change.direction, note, photo, readyDay: now.readyDay, deliveryDay: now.deliveryDay },
    };
  });
}
