import type { InboxState } from "@workshop/domain/staff-api/inbox.ts";
import { StatusPill, type Tone } from "@workshop/ui/StatusPill.tsx";
import { inboxTexts } from "#admin/i18n/inbox.ts";
import { useT } from "#admin/i18n/use-t.ts";

// Unread asks for someone to open it; open for an answer; handled is done.
const tones: Record<InboxState, Tone> = { unread: "new", open: "waiting", handled: "done" };

/** A message's state (as the API computed it) in the admin's language. */
export function InboxStatePill({ state }: { state: InboxState }) {
  const t = useT(inboxTexts);
  return <StatusPill tone={tones[state]} label={t(`state.${state}`)} />;
}
