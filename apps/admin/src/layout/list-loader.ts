import { listHref, withoutBlanks } from "@workshop/ui/list-address.ts";
import { redirect } from "react-router";
import type { z } from "zod";
import { ApiError, api } from "#admin/api/client.ts";
import { signedOutRedirect } from "#admin/session/session.ts";

/** A list as the API answered its address, or why it refused it: a hand-made address, or a list for owners only (`forbidden`). */
export type ListLoaded<T> = { list: T; refusal: null } | { list: null; refusal: { message: string; forbidden: boolean } };

/**
 * A list page's loader: the API's answer for the page's own address (`apiPath` with the same query),
 * blank values first dropped from the address. A refused address (400), or for `ownersOnly` a
 * refused person (403), is said on the page; a session found over goes to the sign-in page.
 */
export function listLoader<T>(apiPath: string, answer: z.ZodType<T>, { ownersOnly = false } = {}) {
  return async ({ request }: { request: Request }): Promise<ListLoaded<T>> => {
    const url = new URL(request.url);
    const set = withoutBlanks(url.searchParams);
    if (set.size !== url.searchParams.size) throw redirect(listHref(url.pathname, set));
    try {
      return { list: await api(`${apiPath}${url.search}`, { answer, signal: request.signal }), refusal: null };
    } catch (error) {
      if (error instanceof ApiError && (error.status === 400 || (ownersOnly && error.status === 403)))
        return { list: null, refusal: { message: error.message, forbidden: error.status === 403 } };
      return signedOutRedirect(error);
    }
  };
}
