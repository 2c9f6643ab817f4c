import { adminDate } from "@workshop/domain/admin-date.ts";
import { isAuditAction } from "@workshop/domain/audit-actions.ts";
import { changeLines } from "@workshop/domain/audit-changes.ts";
import { adminAudit } from "#app/i18n/admin-audit.ts";
import { useLocale, useT } from "#app/i18n/core.ts";

/** An audit row's before and after, one "field: before → after" line each. */
export function AuditChange({
  before,
  after,
  className = "",
}: {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  className?: string;
}) {
  return (
    <ul className={`space-y-0.5 font-mono text-xs ${className}`}>
      {changeLines(before, after).map((line) => (
        <li key={line} className="break-all">
          {line}
        </li>
      ))}
    </ul>
  );
}

type AuditRow = {
  id: number | string;
  action: string;
  actor: string;
  createdAt: Date | string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** A record's audit trail, newest as given: what was done, by whom, when, and what changed. */
export function AuditTrail({ entries, empty }: { entries: AuditRow[]; empty: string }) {
  const ta = useT(adminAudit);
  const locale = useLocale();
  if (entries.length === 0) return <p className="mt-2 text-sm text-ink-700">{empty}</p>;
  return (
    <ul className="mt-3 space-y-3 text-sm">
      {entries.map((a) => (
        <li key={a.id} className="border-b border-sand-200 pb-2 last:border-0">
          <p>
            <span className="font-medium">{isAuditAction(a.action) ? ta(`action.${a.action}`) : a.action}</span> · {a.actor} ·{" "}
            {adminDate(a.createdAt, locale)}
          </p>
          <AuditChange before={a.before} after={a.after} className="mt-0.5 text-ink-600" />
        </li>
      ))}
    </ul>
  );
}
