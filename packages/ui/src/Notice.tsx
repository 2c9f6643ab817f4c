/** The outcome of something done: a status (done) or an alert (a problem). */
export function Notice({ tone, children }: { tone: "done" | "problem"; children: React.ReactNode }) {
  return tone === "done" ? (
    <div role="status" className="mt-4 rounded-xl border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
      {children}
    </div>
  ) : (
    <div role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {children}
    </div>
  );
}
