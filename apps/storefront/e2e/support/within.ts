/**
 * Asks until `seen` holds; answers when (ms after the start) the first request that saw it was
 * sent, or Infinity when none sent within `ms` did. (A busy test machine may take long to answer;
 * what counts is what the shop showed at the moment it was asked.)
 */
export async function within(ms: number, since: number, seen: () => Promise<boolean>): Promise<number> {
  // A probe every 50 ms, none waiting for the one before: one slow answer does not hold back the next.
  const probes: Promise<number>[] = [];
  let found = false;
  for (let asked = performance.now() - since; asked < ms && !found; asked = performance.now() - since) {
    const sentAt = asked;
    probes.push(
      seen().then((ok) => {
        if (ok) found = true;
        return ok ? sentAt : Number.POSITIVE_INFINITY;
      }),
    );
    await new Promise((r) => setTimeout(r, 50));
  }
  return Math.min(...(await Promise.all(probes)));
}
