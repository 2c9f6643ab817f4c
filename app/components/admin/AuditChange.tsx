import { changeLines } from "#lib/audit-changes.ts";

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
