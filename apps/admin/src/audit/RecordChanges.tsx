import { actorName } from "@workshop/domain/actor-names.ts";
import { isAuditAction } from "@workshop/domain/audit-actions.ts";
import type { RecordChange } from "@workshop/domain/staff-api/record-changes.ts";
import { consoleDate } from "#admin/dates.ts";
import { auditTexts } from "#admin/i18n/audit.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { useChangeLines } from "./change-lines.ts";

/** A record's audit trail ("Changes"), newest first: what was done, named as the audit log names it, by whom, when, and what changed, in the reader's words. */
export function RecordChanges({ changes, empty }: { changes: RecordChange[]; empty: string }) {
  const t = useT(auditTexts);
  const locale = useLocale();
  const linesOf = useChangeLines();
  if (changes.length === 0) return <p className="mt-2 text-sm text-ink-600">{empty}</p>;
  return (
    <ul className="mt-3 space-y-3 text-sm">
      {changes.map((change) => {
        const lines = linesOf(change);
        return (
          <li key={change.id} className="border-b border-sand-200 pb-2 last:border-0">
            <p className="[overflow-wrap:anywhere]">
              <span className="font-medium">{isAuditAction(change.action) ? t(`action.${change.action}`) : change.action}</span> ·{" "}
              {actorName(change.actor, locale)} · {consoleDate(change.createdAt, locale)}
            </p>
            {lines.length > 0 && (
              <ul className="mt-0.5 space-y-0.5 text-xs text-ink-600">
                {lines.map((line) => (
                  <li key={line} className="[overflow-wrap:anywhere]">
                    {line}
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
