import { CATALOG_VERSION_HEADER } from "@workshop/domain/shop-api/shop.ts";
import type { onRequestHookHandler } from "fastify";
import { catchUp } from "./versions.ts";

/**
 * Before a request is answered, this instance acts on the catalogue's version its caller says it
 * renders at (a storefront's `X-Catalog-Version`), so a page kept under that version is never made
 * of this instance's older copies. Anything but a plain number is ignored.
 */
export const catchUpWithCaller: onRequestHookHandler = async (request) => {
  const sent = request.headers[CATALOG_VERSION_HEADER];
  if (typeof sent === "string" && /^\d{1,15}$/.test(sent)) await catchUp("catalog", Number(sent));
};
