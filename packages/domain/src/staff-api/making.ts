import { z } from "zod";
import { makingDirections, makingReasons, makingStageLimits } from "../making-stages.ts";
import { optionalText, requiredText } from "../validation/fields.ts";

/**
 * The making of hats made for their orders, in the staff console (docs/decisions/054-making-stages.md):
 * the shop's stage list (`/api/admin/making/stages`), the board (`/api/admin/making/board`), and an
 * order's making (`/api/admin/orders/:id/making…`: its moves, photos, and marking a ready hat as
 * needing adjusting). Dates are ISO instants; days are the workshop's calendar days, YYYY-MM-DD.
 */

const iso = z.string();
/** A day of the workshop's calendar (Bali), YYYY-MM-DD. */
const day = z.string();

/** The most photos one move carries (and one upload sends). */
export const MAX_PHOTOS_PER_MOVE = 5;

/** A stage as an order or an event names it. */
const stageRef = z.object({ id: z.number().int(), nameEn: z.string(), nameRu: z.string() });

/** One stage of the shop's list. */
const makingStage = stageRef.extend({
  /** Its place in the list, from 1. */
  position: z.number().int(),
  /** Its usual length in working days (the workshop's opening days). */
  usualDays: z.number().int(),
  /**
   * Orders not yet shipped in this stage now: such a stage stays on the list, and stays the last
   * one if its orders are ready, or not the last if they are still being made.
   */
  orders: z.number().int(),
});

/** GET /api/admin/making/stages (staff), and what PUT answers. */
export const makingStagesAnswer = z.object({
  stages: z.array(makingStage),
  /** A made-to-order hat's usual making time: the stages' usual days together. */
  usualMakingDays: z.number().int(),
});
export type MakingStagesAnswer = z.infer<typeof makingStagesAnswer>;

const { minStages, maxStages, nameMax, maxDays } = makingStageLimits;

/** A stage's name: one line of 1 to 40 characters. */
const stageName = requiredText(nameMax).refine((name) => !/[\r\n\t]/.test(name), "characters");

/**
 * PUT /api/admin/making/stages (owners): the whole list in its new order. A stage keeps its id
 * (orders in it stay in it); one without an id is new; a stage of the list left out is taken off
 * (refused while orders are in it). Names are unique in each language, whatever their case.
 */
export const makingStagesRequest = z
  .object({
    stages: z
      .array(
        z.object({
          id: z.number().int().positive().optional(),
          nameEn: stageName,
          nameRu: stageName,
          usualDays: z.number({ error: "days" }).int("days").min(0, "days").max(maxDays, "days"),
        }),
        { error: "required" },
      )
      .min(minStages, "tooFew")
      .max(maxStages, "tooMany"),
  })
  .superRefine(({ stages }, context) => {
    const seen = { nameEn: new Set<string>(), nameRu: new Set<string>(), id: new Set<number>() };
    stages.forEach((stage, index) => {
      for (const field of ["nameEn", "nameRu"] as const) {
        const key = stage[field].toLocaleLowerCase();
        if (seen[field].has(key)) context.addIssue({ code: "custom", path: ["stages", index, field], message: "duplicate" });
        seen[field].add(key);
      }
      if (stage.id !== undefined) {
        if (seen.id.has(stage.id)) context.addIssue({ code: "custom", path: ["stages", index, "id"], message: "duplicate" });
        seen.id.add(stage.id);
      }
    });
  });
export type MakingStagesRequest = z.input<typeof makingStagesRequest>;

/**
 * A stage photo as the console shows it: paths on the API (the console puts its API address before
 * them), behind the staff's session. Every size is `<base>/<width>.<format>`, width 320, 480, 640,
 * 960 or 1280 and format avif, webp or jpg; `url` is the 1280 JPEG, `thumbnailUrl` the 480 one.
 */
const makingPhotoAnswer = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  base: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
});
export type MakingPhotoAnswer = z.infer<typeof makingPhotoAnswer>;

/** POST /api/admin/orders/:id/making/photos (staff, multipart `files`, 1 to 5 images of at most 10 MB): 201, waiting for a move. */
export const makingPhotosAnswer = z.object({ photos: z.array(makingPhotoAnswer) });

/** One stage change of an order, oldest first. */
const makingEvent = z.object({
  id: z.number().int(),
  direction: z.enum(makingDirections),
  /** Null for the making's start. */
  from: stageRef.nullable(),
  to: stageRef,
  /** Why it went back (or, for a ready hat's adjusting, what needs doing); '' otherwise. */
  reason: z.string(),
  /** The note for the customer in each language ('' for none), and whether they are told. */
  noteEn: z.string(),
  noteRu: z.string(),
  tellCustomer: z.boolean(),
  /** Who, by name ('system' for a start on payment). */
  actor: z.string(),
  createdAt: iso,
  photos: z.array(makingPhotoAnswer),
});

/** An order's making: GET /api/admin/orders/:id's `making`, and what a move or marking for adjusting answers. */
export const orderMakingAnswer = z.object({
  orderId: z.string(),
  reason: z.enum(makingReasons),
  startedAt: iso,
  /** When it reached the last stage (Ready); null while it is being made. */
  endedAt: iso.nullable(),
  /** The stage it is in, since when, and for how many working and calendar days. */
  current: stageRef.extend({ since: iso, workingDays: z.number().int(), calendarDays: z.number().int() }),
  /** The shop's stages in order, each as far as this order goes: done, current or to come; when it last reached each. */
  stages: z.array(stageRef.extend({ usualDays: z.number().int(), state: z.enum(["done", "current", "next"]), reachedAt: iso.nullable() })),
  estimate: z.object({
    /** The day the hat should be ready, recomputed as stages pass (the day it was ready, once it is). */
    readyDay: day.nullable(),
    /** The day it would arrive after it: the carrier's longest time (pickup: that day). */
    deliveryDay: day.nullable(),
    /** The delivery day the checkout promised; null for orders placed before it was kept. */
    promisedDeliveryDay: day.nullable(),
    /** It would arrive after the promised day. */
    late: z.boolean(),
  }),
  events: z.array(makingEvent),
  /** Photos uploaded and not yet sent with a move (the next move names those it takes). */
  waitingPhotos: z.array(makingPhotoAnswer),
  /** The customer stopped the stage e-mails (the order's own e-mails still go). */
  stageMailsStopped: z.boolean(),
  /** What staff may do now: the next stage (null at the last, or once the order left the workshop) and the earlier ones to go back to. */
  can: z.object({ forward: stageRef.nullable(), back: z.array(stageRef) }),
});
export type OrderMakingAnswer = z.infer<typeof orderMakingAnswer>;

const note = optionalText(2000);
const photoIds = z
  .array(z.string().regex(/^[0-9a-f]{32}$/, "photo"))
  .max(MAX_PHOTOS_PER_MOVE, "tooManyPhotos")
  .default([]);

/**
 * POST /api/admin/orders/:id/making/moves (staff): on to the next stage, or back to an earlier one
 * with a reason; a note for the customer (either language or both), whether to tell them, and up
 * to 5 photos uploaded for it. `expected` is the stage the page showed the order in: when it moved
 * meanwhile nothing changes and the answer is a 409 `{error, details: {code: "stale", current}}`.
 */
export const makingMoveRequest = z.object({
  expected: z.number({ error: "required" }).int().positive(),
  to: z.number({ error: "required" }).int().positive(),
  /** Going back: why (3 to 500 characters); ignored going forward. */
  reason: optionalText(500),
  noteEn: note,
  noteRu: note,
  tellCustomer: z.boolean().default(false),
  photoIds,
});
/** A move as the API reads it: defaults filled, texts trimmed. */
export type MakingMove = z.output<typeof makingMoveRequest>;

/**
 * POST /api/admin/orders/:id/making/adjust (staff): a ready hat of a paid order needs adjusting, so
 * the order is made after all: its making starts in `stageId` (the first stage unless given), with
 * what needs doing, a note for the customer and photos as a move has them.
 */
export const makingAdjustRequest = z.object({
  stageId: z.number().int().positive().optional(),
  reason: optionalText(500),
  noteEn: note,
  noteRu: note,
  tellCustomer: z.boolean().default(false),
  photoIds,
});
export type MakingAdjust = z.output<typeof makingAdjustRequest>;

/** One order on the board. */
const boardOrder = z.object({
  id: z.string(),
  orderNumber: z.string(),
  productName: z.string(),
  customerName: z.string(),
  status: z.string(),
  deliveryOption: z.string(),
  reason: z.enum(makingReasons),
  /** In this stage since, for so many working and calendar days; past the stage's usual days. */
  since: iso,
  workingDays: z.number().int(),
  calendarDays: z.number().int(),
  overdue: z.boolean(),
  readyDay: day.nullable(),
  deliveryDay: day.nullable(),
  promisedDeliveryDay: day.nullable(),
  late: z.boolean(),
});
export type MakingBoardOrder = z.infer<typeof boardOrder>;

/**
 * GET /api/admin/making/board (staff): every order in the workshop (being made, or ready and not
 * yet shipped), one column per stage in the list's order, each column's longest waiting first.
 */
export const makingBoardAnswer = z.object({
  /** Today on the workshop's calendar. */
  today: day,
  columns: z.array(z.object({ stage: stageRef.extend({ usualDays: z.number().int() }), orders: z.array(boardOrder) })),
  /** How many orders are late, of all the columns. */
  late: z.number().int(),
});
export type MakingBoardAnswer = z.infer<typeof makingBoardAnswer>;
