/** The admin inbox's filters, for the page's links and the server's query alike. */
export const inboxFilters = ["all", "unread", "open", "handled"] as const;
export type InboxFilter = (typeof inboxFilters)[number];

/** A filter named in a URL; anything else means all messages. */
export function inboxFilter(value: string | null | undefined): InboxFilter {
  return inboxFilters.find((f) => f === value) ?? "all";
}
