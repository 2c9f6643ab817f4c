/**
 * Each client's share of a forwarding pool: at most `perClient` of one client's requests are
 * forwarded at once, and its others wait their turn in order. A client with 200 connections then
 * holds no more of the pool than a client with 8, and everyone else's requests still find a free
 * connection to the API. Past `maxWaiting` queued requests a client is refused (429).
 */
export class ClientSlots {
  private readonly clients = new Map<string, { active: number; waiting: (() => void)[] }>();
  private readonly perClient: number;
  private readonly maxWaiting: number;

  constructor({ perClient, maxWaiting }: { perClient: number; maxWaiting: number }) {
    this.perClient = perClient;
    this.maxWaiting = maxWaiting;
  }

  /**
   * Resolves with the slot's release once the client has one; null when the client already has
   * `maxWaiting` requests queued. A request whose client goes away while it waits (`signal`) leaves
   * the queue, and its promise rejects.
   */
  take(client: string, signal: AbortSignal): Promise<() => void> | null {
    const entry = this.clients.get(client) ?? { active: 0, waiting: [] };
    this.clients.set(client, entry);
    if (entry.active < this.perClient) {
      entry.active++;
      return Promise.resolve(this.releaser(client, entry));
    }
    if (entry.waiting.length >= this.maxWaiting) return null;
    return new Promise((resolve, reject) => {
      const turn = () => {
        signal.removeEventListener("abort", leave);
        entry.active++;
        resolve(this.releaser(client, entry));
      };
      const leave = () => {
        entry.waiting.splice(entry.waiting.indexOf(turn), 1);
        reject(signal.reason);
      };
      signal.addEventListener("abort", leave, { once: true });
      entry.waiting.push(turn);
    });
  }

  /** How many requests of the client are forwarded now (for tests and logs). */
  active(client: string): number {
    return this.clients.get(client)?.active ?? 0;
  }

  private releaser(client: string, entry: { active: number; waiting: (() => void)[] }): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      entry.active--;
      const next = entry.waiting.shift();
      if (next) next();
      else if (entry.active === 0) this.clients.delete(client);
    };
  }
}
