import { isAuditAction } from "@workshop/domain/audit-actions.ts";
import type { RecordChange } from "@workshop/domain/staff-api/record-changes.ts";
import { consoleDate } from "#admin/dates.ts";
import { auditTexts } from "#admin/i18n/audit.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";

/** A record's audit trail ("Changes"), newest first: what was done, named as the audit log names it, by whom, when, and what changed. */
export function RecordChanges({ changes, empty }: { changes: RecordChange[]; empty: string }) {
  const t = useT(auditTexts);
  const locale = useLocale();
  if (changes.length === 0) return <p className="mt-2 text-sm text-ink-600">{empty}</p>;
  return (
    <ul className="mt-3 space-y-3 text-sm">
      {changes.map((change) => (
        <li key={change.id} className="border-b border-sand-200 pb-2 last:border-0">
          <p className="[overflow-wrap:anywhere]">
            <span className="font-medium">{isAuditAction(change.action) ? t(`action.${change.action}`) : change.action}</span> ·{" "}
            {change.actor} · {consoleDate(change.createdAt, locale)}
          </p>
          {change.changes.length > 0 && (
            <ul className="mt-0.5 space-y-0.5 font-mono text-xs text-ink-600">
              {change.changes.map((line) => (
                <li key={line} className="break-all">
                  {line}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
