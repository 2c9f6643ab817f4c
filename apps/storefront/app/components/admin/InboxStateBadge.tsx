import { adminInbox } from "#app/i18n/admin-inbox.ts";
import { useT } from "#app/i18n/core.ts";

const tones = {
  unread: "bg-sky-100 text-sky-900",
  open: "bg-amber-100 text-amber-900",
  handled: "bg-green-100 text-green-900",
};

/** A contact message's state in the inbox: handled, else unread, else open. */
export function InboxStateBadge({ message }: { message: { readAt: Date | null; handledAt: Date | null } }) {
  const t = useT(adminInbox);
  const state = message.handledAt !== null ? "handled" : message.readAt === null ? "unread" : "open";
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${tones[state]}`}>
      {t(`state.${state}`)}
    </span>
  );
}
