/**
 * Group commit: calls made at about the same time go together in one run, so N concurrent callers
 * cost one round of statements instead of N. A run starts two turns of the event loop after the
 * first call, so requests read in the same turn, and those that need one more turn to get here
 * (reading their body), join it; no timer, so an idle call waits only microseconds. Calls made
 * while a run is under way go together in the next one.
 *
 * `run` answers one result per item, in order: a value, or an Error for that item alone. If the
 * whole run throws (it must then have changed nothing, e.g. its transaction rolled back), each item
 * of a batch of several is run again on its own, so one bad item cannot fail the others.
 */
export function batched<I, O>(run: (items: I[]) => Promise<(O | Error)[]>, maxBatch = 50): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let running = false;

  async function settle(batch: Waiting[]): Promise<void> {
    try {
      const results = await run(batch.map((w) => w.item));
      batch.forEach((w, i) => {
        const result = results[i];
        if (result instanceof Error) w.reject(result);
        else w.resolve(result as O);
      });
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else for (const w of batch) await settle([w]);
    }
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(maxBatch);
      await settle(batch);
    }
    running = false;
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!running) {
        running = true;
        // Measured: one turn gathers ~8 of 16 concurrent orders, two turns ~15.
        setImmediate(() => setImmediate(() => void drain()));
      }
    });
}
