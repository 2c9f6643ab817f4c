import { z } from "zod";

/**
 * The stop of an order's stage e-mails (docs/decisions/055-stage-mails-and-promised-days.md), found by the order's
 * private link: `/api/shop/orders/:token/stage-mails`. The e-mails about the making of the hat
 * (started, each stage the workshop tells, ready) stop; the order's own e-mails (paid, shipped)
 * still come.
 */

/** GET (reads only: mail scanners follow links) and POST: the order's number and whether its stage e-mails are stopped. */
export const stageMailsAnswer = z.object({ orderNumber: z.string(), stopped: z.boolean() });
export type StageMailsAnswer = z.infer<typeof stageMailsAnswer>;

/** POST /api/shop/orders/:token/stage-mails: stop them (`true`), or have them again (`false`). */
export const stageMailsRequest = z.object({ stop: z.boolean() });

/**
 * The API's address of an order's stop (`:token` for the route), and of its one-click form, which
 * mail readers post to from the e-mails' List-Unsubscribe header (RFC 8058).
 */
export const stageMailsApiPath = (token: string) => `/api/shop/orders/${token}/stage-mails`;
export const stageMailsOneClickPath = (token: string) => `${stageMailsApiPath(token)}/one-click`;

/** The shop's page that asks before it stops them (in Russian under /ru: locale.ts localePath). */
export const stageMailsPagePath = (token: string) => `/orders/${encodeURIComponent(token)}/stage-mails`;
