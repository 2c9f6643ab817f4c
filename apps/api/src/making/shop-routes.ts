import { stageMailsAnswer, stageMailsApiPath, stageMailsOneClickPath, stageMailsRequest } from "@workshop/domain/shop-api/stage-mails.ts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "#server/errors.ts";
import { clientOf, countLinkMiss, pastLimit } from "#server/http/rate-limits.ts";
import { orderByToken } from "#server/orders/queries.ts";
import { checkedBodyOf } from "#server/plugins/json-api.ts";
import { readMakingPhoto, shopPhotoBase } from "./photos.ts";
import { setStageMails, stageMailsOf } from "./stage-mail-stop.ts";

const params = z.object({ token: z.string(), photoId: z.string(), file: z.string() });
const tokenParams = z.object({ token: z.string() });
const privately = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/**
 * The customer's stage photos (decision 054), served only through their order's private link:
 * `/api/shop/orders/<token>/making/photos/<photo id>/<width>.<format>` (photos.ts's shopPhotoBase).
 * An unknown token counts against the caller as any private link's miss; a photo of another order
 * is as unknown as a photo that never was. Never shared by a cache, never indexed.
 */
export const makingShopRoutes: FastifyPluginAsyncZod = async (app) => {
  // An image, not JSON: left out of the OpenAPI document.
  app.get(
    `${shopPhotoBase(":token")}/:photoId/:file`,
    { config: { rateLimit: "linkMisses" }, schema: { hide: true, params } },
    async (request, reply) => {
      const order = await orderByToken(request.params.token);
      if (!order) await countLinkMiss(request);
      const photo = order && (await readMakingPhoto(order.id, request.params.photoId, request.params.file));
      if (!photo) throw new AppError("not_found", "No such photo");
      return reply
        .headers({
          "Content-Type": photo.contentType,
          "Cache-Control": "private, max-age=3600",
          "X-Robots-Tag": "noindex",
          "X-Content-Type-Options": "nosniff",
          // The stage e-mails show a photo of the move: a mail reader loads it from its own origin.
          "Cross-Origin-Resource-Policy": "cross-origin",
        })
        .send(photo.body);
    },
  );
};

/**
 * A write found by an order's private link: refused while the caller is past its unknown links
 * (429, as the pages found by a link are), and an unknown token is a 404 counted as one of them,
 * before any body is judged.
 */
async function knownOrderLink(request: FastifyRequest): Promise<void> {
  const wait = await pastLimit("linkMisses", clientOf(request));
  if (wait !== null) throw new AppError("too_many", `Too many requests. Please try again in ${wait} seconds.`, { retryAfter: wait });
  if (await orderByToken((request.params as { token: string }).token)) return;
  await countLinkMiss(request);
  throw new AppError("not_found", "Order not found");
}

const answered = async (request: FastifyRequest<{ Params: { token: string } }>, stop: boolean | null) => {
  const { token } = request.params;
  const answer = stop === null ? await stageMailsOf(token) : await setStageMails(token, stop);
  if (answer) return answer;
  await countLinkMiss(request);
  throw new AppError("not_found", "Order not found");
};

/**
 * The stop of an order's stage e-mails, through its private link (decision 055;
 * packages/domain/src/shop-api/stage-mails.ts): the shop's page reads it and posts the customer's
 * choice. A read changes nothing (mail scanners follow links); a stop keeps the order's own e-mails.
 */
export const stageMailsShopRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /api/shop/orders/:token/stage-mails: the order's number and whether its stage e-mails are stopped. */
  app.get(
    stageMailsApiPath(":token"),
    { config: { rateLimit: "linkMisses" }, schema: { params: tokenParams, response: { 200: stageMailsAnswer } } },
    async (request, reply) => reply.headers(privately).send(await answered(request, null)),
  );

  /** POST /api/shop/orders/:token/stage-mails {stop}: stops them (or, `false`, has them again); answers as GET. */
  app.post(
    stageMailsApiPath(":token"),
    {
      preValidation: knownOrderLink,
      schema: {
        params: tokenParams,
        body: checkedBodyOf(stageMailsRequest, "Say whether to stop the e-mails: {stop: true} or {stop: false}"),
        response: { 200: stageMailsAnswer },
      },
    },
    async (request, reply) => reply.headers(privately).send(await answered(request, request.body.stop)),
  );
};

/**
 * RFC 8058's one-click stop, in a scope of its own: a mail reader posts `List-Unsubscribe=One-Click`
 * as a form (urlencoded or multipart) to the address of the stage e-mails' List-Unsubscribe header.
 * The form's content is not read: posting to the order's private address is the stop.
 */
export const stageMailsOneClickRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser("multipart/form-data");
  app.addContentTypeParser(
    ["application/x-www-form-urlencoded", "multipart/form-data"],
    { parseAs: "buffer", bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );

  /** POST /api/shop/orders/:token/stage-mails/one-click (a form, or no body): stops them; answers as GET. */
  app.post(
    stageMailsOneClickPath(":token"),
    { preValidation: knownOrderLink, schema: { params: tokenParams, response: { 200: stageMailsAnswer } } },
    async (request, reply) => reply.headers(privately).send(await answered(request, true)),
  );
};
