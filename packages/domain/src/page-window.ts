/**
 * The page numbers a list links to: the first, the last and two either side of the current one;
 * null is a gap (shown as "…"). A list of 2,500 pages thus prints at most 7 numbers.
 */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const shown = [...new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1]! > 1 ? [null, n] : [n]));
}
