/**
 * To the customer, about the making of a hat made for the order
 * (docs/decisions/055-stage-mails-and-promised-days.md): when it starts, when the workshop tells
 * them of a stage (its note and one photo), and when it is ready. Each carries the one link that
 * stops these e-mails for the order; the order's own e-mails (paid, shipped) never do.
 */
import { formatDeliveryDay } from "@workshop/domain/delivery.ts";
import { type Locale, localePath } from "@workshop/domain/locale.ts";
import { formatUsd } from "@workshop/domain/money.ts";
import { momentOfWorkshopDay } from "@workshop/domain/opening-hours.ts";
import { stageMailsPagePath } from "@workshop/domain/shop-api/stage-mails.ts";
import type { Block } from "./blocks.ts";
import {
  deliveryName,
  greeting,
  type MailContext,
  type MailOrder,
  orderButton,
  signature,
  type Template,
  textsIn,
  workshopLines,
} from "./shared.ts";

/** The templates of the making: the stop link stops these, and only these. */
export const makingMailTemplates = ["making-started", "making-update", "making-ready"] as const;
export const isMakingMail = (template: string) => (makingMailTemplates as readonly string[]).includes(template);

/** A photo of the move, as a path of the shop (through the order's private link) and its size. */
export type MailPhoto = { path: string; fullPath: string; width: number; height: number };

/** The estimate as the order's page shows it: the workshop's days (YYYY-MM-DD); null when unknown. */
type Estimate = { readyDay: string | null; deliveryDay: string | null };

export type MakingStartedVars = Estimate & {
  order: MailOrder;
  /** The first stage's name in the customer's language. */
  stage: string;
};

export type MakingUpdateVars = Estimate & {
  order: MailOrder;
  /** The stage the hat is at now, in the customer's language. */
  stage: string;
  /** On to it, back to it (to be done again), or a ready hat's adjusting that starts in it. */
  direction: "start" | "forward" | "back";
  /** The workshop's note in the customer's language (or the other, when only that one is written). */
  note: string | null;
  photo: MailPhoto | null;
};

export type MakingReadyVars = {
  order: MailOrder;
  /** The last stage's name in the customer's language. */
  stage: string;
  note: string | null;
  photo: MailPhoto | null;
  /** A custom hat whose balance is still to pay. */
  balanceDue: boolean;
};

/** 'Thu, Dec 17', as the checkout writes its days. */
const day = (workshopDay: string, locale: Locale) => formatDeliveryDay(momentOfWorkshopDay(workshopDay), locale);

/** Shown in the mail at most this wide (the mail's column); the photo itself is larger, for sharp screens. */
const PHOTO_WIDTH = 520;

function estimateRows(order: MailOrder, stage: string, estimate: Estimate, locale: Locale): Block {
  const t = textsIn(locale);
  const rows: [string, string][] = [
    [t("order"), order.orderNumber],
    [t("hat"), order.productName],
    [t("making.stage"), stage],
  ];
  if (estimate.readyDay) rows.push([t("making.readyBy"), day(estimate.readyDay, locale)]);
  // Picked up: the hat is there the day it is ready.
  if (estimate.deliveryDay && order.deliveryOption !== "PICKUP") rows.push([t("making.arrivesBy"), day(estimate.deliveryDay, locale)]);
  return { kind: "rows", rows };
}

function noteAndPhoto(note: string | null, photo: MailPhoto | null, stage: string, context: MailContext): Block[] {
  const t = textsIn(context.locale);
  const blocks: Block[] = [];
  if (note) blocks.push({ kind: "p", text: t("making.note") }, { kind: "quote", text: note });
  if (photo) {
    const shown = Math.min(PHOTO_WIDTH, photo.width);
    blocks.push({
      kind: "image",
      src: `${context.publicUrl}${photo.path}`,
      href: `${context.publicUrl}${photo.fullPath}`,
      alt: t("making.photo", { stage }),
      width: shown,
      height: Math.round((photo.height * shown) / photo.width),
    });
  }
  return blocks;
}

/** The one link that stops the e-mails about the making of this order (a page that asks first). */
function stopLink(order: MailOrder, context: MailContext): Block {
  const t = textsIn(context.locale);
  return {
    kind: "link",
    text: t("making.stop.text"),
    label: t("making.stop.link"),
    href: `${context.publicUrl}${localePath(context.locale, stageMailsPagePath(order.accessToken))}`,
  };
}

export const makingStarted: Template<MakingStartedVars> = ({ order, stage, readyDay, deliveryDay }, context) => {
  const { locale } = context;
  const t = textsIn(locale);
  const number = order.orderNumber;
  return {
    subject: t("making.started.subject", { number }),
    blocks: [
      greeting(locale),
      { kind: "p", text: t("making.started.text", { hat: order.productName, number, stage }) },
      estimateRows(order, stage, { readyDay, deliveryDay }, locale),
      { kind: "p", text: t("making.started.next") },
      orderButton(order, context),
      stopLink(order, context),
      ...signature(locale),
    ],
  };
};

export const makingUpdate: Template<MakingUpdateVars> = ({ order, stage, direction, note, photo, readyDay, deliveryDay }, context) => {
  const { locale } = context;
  const t = textsIn(locale);
  const number = order.orderNumber;
  return {
    subject: t(`making.update.subject.${direction}`, { number, stage }),
    blocks: [
      greeting(locale),
      { kind: "p", text: t(`making.update.${direction}`, { hat: order.productName, number, stage }) },
      ...noteAndPhoto(note, photo, stage, context),
      estimateRows(order, stage, { readyDay, deliveryDay }, locale),
      orderButton(order, context),
      stopLink(order, context),
      ...signature(locale),
    ],
  };
};

export const makingReady: Template<MakingReadyVars> = ({ order, stage, note, photo, balanceDue }, context) => {
  const { locale } = context;
  const t = textsIn(locale);
  const number = order.orderNumber;
  const pickup = order.deliveryOption === "PICKUP";
  const balance = order.depositCents === null ? 0 : order.totalCents - order.depositCents;
  return {
    subject: t("making.ready.subject", { number }),
    blocks: [
      greeting(locale),
      { kind: "p", text: t("making.ready.text", { hat: order.productName, number }) },
      ...noteAndPhoto(note, photo, stage, context),
      ...(balanceDue && balance > 0 ? [{ kind: "p" as const, text: t("making.ready.balance", { amount: formatUsd(balance) }) }] : []),
      pickup
        ? { kind: "p", text: t("making.ready.pickup") }
        : { kind: "p", text: t("making.ready.ship", { carrier: deliveryName(order.deliveryOption, locale) }) },
      ...(pickup ? [{ kind: "box" as const, lines: workshopLines(locale) }] : []),
      orderButton(order, context),
      stopLink(order, context),
      ...signature(locale),
    ],
  };
};
