import { idParams } from "@workshop/domain/api-requests.ts";
import {
  makingAdjustRequest,
  makingBoardAnswer,
  makingMoveRequest,
  makingPhotosAnswer,
  makingStagesAnswer,
  makingStagesRequest,
  orderMakingAnswer,
} from "@workshop/domain/staff-api/making.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "#server/errors.ts";
import { readUploadForm } from "#server/media/upload-form.ts";
import { checkedBodyOf, methodNotAllowed } from "#server/plugins/json-api.ts";
import { makingBoard } from "./board.ts";
import { orderMakingOf } from "./making-view.ts";
import { markForAdjusting, moveMaking, requireOrder } from "./moves.ts";
import { adminPhotoBase, photoAnswer, readMakingPhoto, refuseUpload, removeWaitingPhoto, uploadMakingPhotos } from "./photos.ts";
import { makingStagesAnswerOf, replaceStages } from "./stage-list.ts";

const noStore = { "Cache-Control": "no-store" };
const photoParams = z.object({ id: z.string(), photoId: z.string() });
const photoFileParams = photoParams.extend({ file: z.string() });

/** An unknown order is a 404 before its form is judged (or its upload read). */
const knownOrder = async (request: { params: unknown }) => {
  await requireOrder((request.params as { id: string }).id);
};

/** The order's making as its page shows it now (a move or marking for adjusting always leaves one). */
async function makingAnswer(orderId: string) {
  const making = await orderMakingOf(orderId);
  if (!making) throw new AppError("not_found", "This order's hat is not being made");
  return making;
}

/**
 * The making in the staff console (decision 054; packages/domain/src/staff-api/making.ts): the
 * stage list (everyone reads it, owners change it), the board, and each order's moves and photos,
 * each move audited. Staff only (the scope's guard, admin-api.ts); writes with the session's CSRF token.
 */
export const makingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/admin/making/stages (staff): the stage list, the orders in each stage, the usual making time. */
  app.get("/api/admin/making/stages", { schema: { response: { 200: makingStagesAnswer } } }, async (_request, reply) => {
    return reply.headers(noStore).send(await makingStagesAnswerOf());
  });

  /**
   * PUT /api/admin/making/stages {stages: [{id?, nameEn, nameRu, usualDays}]} (owners): the whole list
   * in its new order; 400 naming what is wrong, 409 with a code when a change would leave an order's
   * making wrong (stage-in-use, last-in-use, ready-in-use).
   */
  app.put(
    "/api/admin/making/stages",
    {
      config: { role: "owner" },
      schema: { body: checkedBodyOf(makingStagesRequest, "Check the stages", { stages: [] }), response: { 200: makingStagesAnswer } },
    },
    async (request, reply) => {
      return reply.headers(noStore).send(await replaceStages(request.body, request.actor));
    },
  );
  app.route({ method: ["POST", "PATCH", "DELETE"], url: "/api/admin/making/stages", handler: methodNotAllowed("GET, PUT") });

  /** GET /api/admin/making/board (staff): the orders in the workshop by stage, longest waiting first, with the late ones. */
  app.get("/api/admin/making/board", { schema: { response: { 200: makingBoardAnswer } } }, async (_request, reply) => {
    return reply.headers(noStore).send(await makingBoard());
  });
  app.route({ method: ["POST", "PUT", "PATCH", "DELETE"], url: "/api/admin/making/board", handler: methodNotAllowed("GET") });

  /**
   * POST /api/admin/orders/:id/making/moves {expected, to, reason?, noteEn?, noteRu?, tellCustomer?, photoIds?}
   * (staff): on to the next stage or back to an earlier one; answers the order's making. 409
   * `{error, details: {code: "stale", current}}` when the order moved meanwhile.
   */
  app.post(
    "/api/admin/orders/:id/making/moves",
    {
      preValidation: knownOrder,
      schema: {
        params: idParams,
        body: checkedBodyOf(makingMoveRequest, "Check the stage change"),
        response: { 200: orderMakingAnswer },
      },
    },
    async (request, reply) => {
      await moveMaking(request.params.id, request.body, request.actor);
      return reply.headers(noStore).send(await makingAnswer(request.params.id));
    },
  );

  /** POST /api/admin/orders/:id/making/adjust {stageId?, reason?, noteEn?, noteRu?, tellCustomer?, photoIds?} (staff): 201 with the order's making. */
  app.post(
    "/api/admin/orders/:id/making/adjust",
    {
      preValidation: knownOrder,
      schema: {
        params: idParams,
        body: checkedBodyOf(makingAdjustRequest, "Check the adjusting"),
        response: { 201: orderMakingAnswer },
      },
    },
    async (request, reply) => {
      await markForAdjusting(request.params.id, request.body, request.actor);
      return reply
        .code(201)
        .headers(noStore)
        .send(await makingAnswer(request.params.id));
    },
  );

  /**
   * POST /api/admin/orders/:id/making/photos (staff, multipart: 1 to 5 images in `files`, at most 10 MB
   * each, judged by their content): 201 {photos}, waiting for the move that names them. 409 with a
   * code for an order no longer in the workshop or with too many photos waiting.
   */
  app.post(
    "/api/admin/orders/:id/making/photos",
    { preValidation: knownOrder, config: { rateLimit: "uploads" }, schema: { params: idParams, response: { 201: makingPhotosAnswer } } },
    async (request, reply) => {
      await refuseUpload(request.params.id);
      const photos = await uploadMakingPhotos(request.params.id, await readUploadForm(request), request.actor);
      const base = adminPhotoBase(request.params.id);
      return reply
        .code(201)
        .headers(noStore)
        .send({ photos: photos.map((photo) => photoAnswer(photo, base)) });
    },
  );
  app.route({ method: ["GET", "PUT", "PATCH", "DELETE"], url: "/api/admin/orders/:id/making/photos", handler: methodNotAllowed("POST") });

  /** DELETE /api/admin/orders/:id/making/photos/:photoId (staff): 204, a waiting photo taken off the form; 404 for any other. */
  app.delete(
    "/api/admin/orders/:id/making/photos/:photoId",
    { preValidation: knownOrder, schema: { params: photoParams } },
    async (request, reply) => {
      await removeWaitingPhoto(request.params.id, request.params.photoId);
      return reply.code(204).send();
    },
  );

  /** GET /api/admin/orders/:id/making/photos/:photoId/:width.:format (staff): one size of an order's stage photo. */
  // An image, not JSON: left out of the OpenAPI document.
  app.get(
    "/api/admin/orders/:id/making/photos/:photoId/:file",
    { preValidation: knownOrder, schema: { hide: true, params: photoFileParams } },
    async (request, reply) => {
      const photo = await readMakingPhoto(request.params.id, request.params.photoId, request.params.file);
      if (!photo) throw new AppError("not_found", "No such photo");
      return reply
        .headers({
          "Content-Type": photo.contentType,
          "Cache-Control": "private, max-age=3600",
          "Cross-Origin-Resource-Policy": "same-site",
          "X-Content-Type-Options": "nosniff",
        })
        .send(photo.body);
    },
  );

  for (const action of ["moves", "adjust"])
    app.route({
      method: ["GET", "PUT", "PATCH", "DELETE"],
      url: `/api/admin/orders/:id/making/${action}`,
      handler: methodNotAllowed("POST"),
    });
};
