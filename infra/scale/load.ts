/**
 * A steady load of orders from `clients` customers at once, each placing its next order `pauseMs`
 * after its last one was answered, until `stop()`. Each order carries its own number (in the customer's
 * e-mail), so the database can be checked for every order that was accepted, and only once.
 */
type Sent = { n: number; status: number | "failed"; startedAt: number; endedAt: number; error?: string };

export type Load = {
  /** Requests sent and not yet answered right now. */
  inFlight: () => number;
  stop: () => Promise<Sent[]>;
};

export function startLoad(clients: number, pauseMs: number, send: (n: number) => Promise<number>): Load {
  let next = 0;
  let running = true;
  let inFlight = 0;
  const sent: Sent[] = [];
  const client = async () => {
    while (running) {
      const n = next++;
      const startedAt = performance.now();
      inFlight++;
      try {
        const status = await send(n);
        sent.push({ n, status, startedAt, endedAt: performance.now() });
      } catch (error) {
        sent.push({ n, status: "failed", startedAt, endedAt: performance.now(), error: (error as Error).message });
      } finally {
        inFlight--;
      }
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  const all = Promise.all(Array.from({ length: clients }, client));
  return {
    inFlight: () => inFlight,
    stop: async () => {
      running = false;
      await all;
      return sent.sort((a, b) => a.n - b.n);
    },
  };
}
