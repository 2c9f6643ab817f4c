/**
 * An audit row's before and after as short "field: value" lines: only what changed when both are
 * there, long values cut (the audit log and the order page show them alike).
 */
export function changeLines(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const show = (v: unknown) => (v === undefined || v === null ? "—" : typeof v === "string" ? v : JSON.stringify(v));
  return keys
    .filter((k) => !before || !after || show(before[k]) !== show(after[k]))
    .map((k) => (before && after ? `${k}: ${show(before[k])} → ${show(after[k])}` : `${k}: ${show((after ?? before)?.[k])}`))
    .map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line));
}
