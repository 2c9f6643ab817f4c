import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "#server/errors.ts";
import { countLinkMiss } from "#server/http/rate-limits.ts";
import { orderByToken } from "#server/orders/queries.ts";
import { readMakingPhoto, shopPhotoBase } from "./photos.ts";

const params = z.object({ token: z.string(), photoId: z.string(), file: z.string() });

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
        })
        .send(photo.body);
    },
  );
};
