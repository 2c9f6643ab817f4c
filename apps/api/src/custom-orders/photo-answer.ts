import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "#server/errors.ts";
import { searchParamsOf } from "#server/http/caller.ts";
import { readReferencePhoto } from "./reference-photos.ts";
import { isValidPhotoLink } from "./signed-links.ts";

type PhotoRequest = FastifyRequest<{ Params: { photoId: string } }>;

/**
 * A private reference photo (staff: its route is in a staff scope), for a link the shop signed (a
 * request's answer holds them) that has not run out: else 403; an unknown photo 404. Shown by the
 * staff's own pages (same site), never by another site's page.
 */
export async function answerReferencePhoto(request: PhotoRequest, reply: FastifyReply) {
  return answerSignedPhoto(request, reply, "staff");
}

/**
 * A customer's own reference photo, for a link the shop signed for them (their checkout's and
 * order's pages hold it, customer-photo links) that has not run out: else 403, as for staff.
 */
export async function answerCustomerPhoto(request: PhotoRequest, reply: FastifyReply) {
  return answerSignedPhoto(request, reply, "customer");
}

async function answerSignedPhoto(request: PhotoRequest, reply: FastifyReply, reader: "staff" | "customer") {
  const params = searchParamsOf(request);
  if (!isValidPhotoLink(request.params.photoId, params.get("expires"), params.get("sig"), Date.now(), reader))
    throw new AppError("forbidden", "This link is not valid or has expired");
  const photo = await readReferencePhoto(request.params.photoId);
  if (!photo) throw new AppError("not_found", "No such photo");
  return reply
    .header("Content-Type", photo.contentType)
    .header("Cache-Control", "private, no-store")
    .header("X-Content-Type-Options", "nosniff")
    .header("Cross-Origin-Resource-Policy", "same-site")
    .send(photo.body);
}
