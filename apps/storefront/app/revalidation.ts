import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * Reading another view of the same page (a filter, a search, another page of a list: the same path,
 * a link or a GET form) changes nothing a layout shows, so only the page's own loader needs to run.
 * A form that changes something, or another page, reloads the layouts as usual.
 */
export function withinOnePage({ currentUrl, nextUrl, formMethod }: ShouldRevalidateFunctionArgs): boolean {
  const reading = formMethod === undefined || formMethod.toUpperCase() === "GET";
  return reading && currentUrl.pathname === nextUrl.pathname;
}
