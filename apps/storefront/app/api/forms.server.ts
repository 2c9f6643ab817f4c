import { formRefusalDetails } from "@workshop/domain/shop-api/forms.ts";
import { data, type UNSAFE_DataWithResponseInit } from "react-router";
import type { z } from "zod";
import { localeOf } from "#app/web/locale.ts";
import { type Answered, ApiRefusal, apiCall } from "./client.server.ts";

/**
 * How a page's form fared at the API (POST, JSON), as the page shows it:
 * - `taken`: the API's answer, with the cookies it set (relayHeaders);
 * - `refused`: what to show beside each wrong field, in the visitor's language (the API's 400
 *   `details`; empty when it named none);
 * - `unavailable`: the API could not be reached or failed: the page keeps the form as typed and
 *   says to try again later, rather than losing it to the 503 page.
 * Past the rate limit (429) the visitor gets the shop's "too many requests" page in its language,
 * as a refused page write always did.
 */
type FormOutcome<T> = { taken: Answered<T> } | { refused: Record<string, string> } | { unavailable: true };

export async function sendForm<T>(request: Request, path: string, body: object, answer: z.ZodType<T>): Promise<FormOutcome<T>> {
  try {
    return { taken: await apiCall(request, path, { method: "POST", body, answer }) };
  } catch (error) {
    if (error instanceof ApiRefusal) return { refused: formRefusalDetails.safeParse(error.details).data ?? {} };
    const status = statusOf(error);
    // The root's ErrorBoundary says it in the page's language: the root loader does not run after a refused action.
    if (status === 429)
      throw data({ locale: localeOf(request) }, { status, headers: (error as UNSAFE_DataWithResponseInit<null>).init?.headers });
    if (status !== null && status >= 500) return { unavailable: true };
    throw error;
  }
}

/** The status of a page answer thrown by the API's client (react-router's `data()`), else null. */
function statusOf(error: unknown): number | null {
  const init = typeof error === "object" && error !== null && "init" in error ? (error as UNSAFE_DataWithResponseInit<unknown>).init : null;
  return init?.status ?? null;
}
