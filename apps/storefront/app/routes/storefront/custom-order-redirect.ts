import { redirectIn } from "#app/web/locale.ts";

/** /custom-order is an old link to the custom order page. */
export function loader({ request }: { request: Request }) {
  return redirectIn(request, "/custom", 301);
}
