/**
 * The dollar range a customer's budget text names ("$150-300", "about 200", "up to 400"), for
 * staff's view; null where it names none. The text itself is kept as written.
 */
export function budgetRange(text: string): { min: number | null; max: number | null } {
  const figures = [...text.replaceAll(",", "").matchAll(/\d{1,7}(?:\.\d+)?/g)].map((m) => Math.round(Number(m[0])));
  if (figures.length === 0) return { min: null, max: null };
  const [a = 0, b = a] = figures;
  if (figures.length === 1 && /up to|under|max|до/i.test(text)) return { min: null, max: a };
  return { min: Math.min(a, b), max: Math.max(a, b) };
}
