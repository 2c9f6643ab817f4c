import { readReferencePhoto } from "@workshop/api/custom-orders/reference-photos.ts";
import { isValidPhotoLink } from "@workshop/api/custom-orders/signed-links.ts";
import { requireStaffPage } from "@workshop/api/staff/guard.ts";
import type { Route } from "./+types/custom-order-photo";

/**
 * GET /admin/custom-orders/photos/:id?expires&sig: a custom request's private reference photo, for
 * signed-in staff holding a link the shop signed (server/custom-orders/signed-links.ts) that has
 * not expired; a bad or expired signature is 403, an unknown photo 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaffPage(request);
  const url = new URL(request.url);
  if (!isValidPhotoLink(params.id, url.searchParams.get("expires"), url.searchParams.get("sig"))) {
    return new Response("This link is not valid or has expired.", { status: 403, headers: { "Content-Type": "text/plain" } });
  }
  const photo = await readReferencePhoto(params.id);
  if (!photo) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(new Uint8Array(photo.body), {
    headers: {
      "Content-Type": photo.contentType,
      "Content-Length": String(photo.body.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Nothing is sent here: strangers go to the sign-in page, staff learn to use GET. */
export async function action({ request }: Route.ActionArgs) {
  await requireStaffPage(request);
  return new Response("Use GET", { status: 405, headers: { "Content-Type": "text/plain", Allow: "GET" } });
}
