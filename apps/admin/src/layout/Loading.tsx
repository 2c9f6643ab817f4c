/** What shows while the console's first page loads its data (React Router's hydrate fallback): an empty, busy page. */
export function Loading() {
  return <main aria-busy="true" className="min-h-dvh" />;
}
