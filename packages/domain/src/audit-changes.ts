/**
 * An audit row's before and after, field by field: only what changed when both are there. The
 * console labels each field and names each value in the reader's language ("Status: Paid →
 * Shipped"); `before` or `after` is left out when the row has no such side (a creation, a deletion).
 */
export type FieldChange = { field: string; before?: unknown; after?: unknown };

export function changeFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return keys
    .filter((k) => !before || !after || !same(before[k], after[k]))
    .map((field) => ({
      field,
      ...(before ? { before: before[field] ?? null } : {}),
      ...(after ? { after: after[field] ?? null } : {}),
    }));
}

/**
 * The same as short "field: value" lines in the shop's own words (codes as stored, long values
 * cut), for callers that read text, not fields.
 */
export function changeLines(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  const show = (v: unknown) => (v === undefined || v === null ? "—" : typeof v === "string" ? v : JSON.stringify(v));
  return changeFields(before, after)
    .map(({ field, ...sides }) =>
      "before" in sides && "after" in sides
        ? `${field}: ${show(sides.before)} → ${show(sides.after)}`
        : `${field}: ${show(sides.after ?? sides.before)}`,
    )
    .map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line));
}
