import replyFrom from "@fastify/reply-from";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";

/**
 * The compose stack's Caddy (compose/Caddyfile) as a Node process for `npm run test:scale`, with
 * the same routing: a front door that routes by host (shop, admin, api; the admin host's `/api/*`
 * to the API) and the API's own door for the storefronts (Caddy's `:4000`). Each host's instances are taken in turn (round robin);
 * an instance is left out while its health check fails (`/readyz` every 250 ms, as Caddy's
 * `health_uri`), and a request whose instance cannot be reached goes to the next one (Caddy's
 * `lb_try_duration`): nothing of it was sent, so trying again cannot do anything twice.
 */

/** A host's instances (origins, e.g. http://127.0.0.1:4101) and the path that says one is ready. */
type Upstream = { origins: string[]; healthPath: string };

export type ProxyRoutes = {
  /** By host name (without the port), e.g. `shop.localhost`. */
  hosts: Record<string, Upstream>;
  /** The API's own door: every request, whatever its host. */
  api: Upstream;
  /** Hosts whose `/api/*` goes to the API (the console's host: one site with the staff cookie). */
  apiOnHosts?: string[];
};

export type RunningProxy = {
  /** http://127.0.0.1:<port> of the front door (send the host's name in Host) and of the API's door. */
  front: string;
  api: string;
  /** Resolves once every instance's health check has passed (a process just started is not yet in the turn). */
  everyInstanceUp: (timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
};

const HEALTH_EVERY_MS = 250;
/** Errors of a connection that never opened: the request did not leave the proxy. */
const NOT_SENT = new Set(["ECONNREFUSED", "UND_ERR_CONNECT_TIMEOUT", "EHOSTUNREACH"]);

/** One host's instances, taken in turn among those whose last health check passed. */
class Pool {
  private readonly upstream: Upstream;
  private readonly up: Set<string>;
  private turn = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(upstream: Upstream) {
    this.upstream = upstream;
    this.up = new Set(upstream.origins);
    this.timer = setInterval(() => void this.checkAll(), HEALTH_EVERY_MS);
  }

  /** The next instance that is up and not in `tried`; undefined when none is left. */
  next(tried: ReadonlySet<string>): string | undefined {
    const { origins } = this.upstream;
    for (let i = 0; i < origins.length; i++) {
      const origin = origins[(this.turn + i) % origins.length]!;
      if (this.up.has(origin) && !tried.has(origin)) {
        this.turn = (this.turn + i + 1) % origins.length;
        return origin;
      }
    }
    return undefined;
  }

  /** When the last finished round of checks began (performance.now()). */
  private lastRoundBegan = -1;

  /** Whether every instance passed a round of checks begun at `since` or later. */
  allUpSince(since: number): boolean {
    return this.lastRoundBegan >= since && this.up.size === this.upstream.origins.length;
  }

  /** Out of the turn until its health check passes again. */
  markDown(origin: string): void {
    this.up.delete(origin);
  }

  private checking = false;

  /** One round of checks at a time; an instance that does not answer within 2 s is out, as one that says 503. */
  private async checkAll(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    const began = performance.now();
    await Promise.all(
      this.upstream.origins.map(async (origin) => {
        const ok = await fetch(origin + this.upstream.healthPath, { signal: AbortSignal.timeout(2_000) }).then(
          (response) => response.ok,
          () => false,
        );
        if (ok) this.up.add(origin);
        else this.up.delete(origin);
      }),
    );
    this.lastRoundBegan = began;
    this.checking = false;
  }

  close(): void {
    clearInterval(this.timer);
  }
}

/**
 * Who may name the client in X-Forwarded-For at a door: no one at the front door (as Caddy's public
 * hosts); at the API's door, the storefronts on this machine (as the Caddyfile's `trusted_proxies`
 * on :4000), whose header names their customer.
 */
type Trusted = (address: string) => boolean;

/** Sends the request to the pool's next instance; one that cannot be reached hands it to the next. */
function forward(request: FastifyRequest, reply: FastifyReply, pool: Pool, trusted: Trusted, tried = new Set<string>()): void {
  const origin = pool.next(tried);
  if (!origin) {
    reply.code(502).send({ error: "No instance of this service is up" });
    return;
  }
  // The body as it came, bytes and type (reply-from would encode a JSON request's bytes again).
  const body = Buffer.isBuffer(request.body)
    ? { body: request.body, contentType: request.headers["content-type"] ?? "application/octet-stream" }
    : {};
  reply.from(origin + request.url, {
    ...body,
    // As Caddy: the client is the one this proxy saw, added to what a trusted sender named; the host and scheme it asked for.
    rewriteRequestHeaders: (original, headers) => {
      const peer = original.socket.remoteAddress ?? "";
      const named = original.headers["x-forwarded-for"];
      return {
        ...headers,
        "x-forwarded-for": trusted(peer) && typeof named === "string" && named ? `${named}, ${peer}` : peer,
        "x-forwarded-host": original.headers.host ?? "",
        "x-forwarded-proto": "http",
      };
    },
    onError: (_reply, { error }) => {
      const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code ?? "";
      if (NOT_SENT.has(code) && !reply.sent) {
        pool.markDown(origin);
        tried.add(origin);
        forward(request, reply, pool, trusted, tried);
        return;
      }
      reply.code(502).send({ error: `The instance did not answer: ${code || error.message}` });
    },
  });
}

async function door(route: (request: FastifyRequest) => Pool | undefined, trusted: Trusted): Promise<FastifyInstance> {
  const app = Fastify({ bodyLimit: 64 * 1024 * 1024 });
  await app.register(replyFrom, { undici: { connections: 64 } });
  // Bodies are read whole, so a request can go to another instance when its first cannot be reached.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  app.all("/*", (request, reply) => {
    const pool = route(request);
    if (!pool) return reply.code(421).send({ error: `No site is served at ${request.headers.host ?? "this host"}` });
    forward(request, reply, pool, trusted);
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return app;
}

const originOf = (app: FastifyInstance) => {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
};

const trustNoOne: Trusted = () => false;

/** Starts both doors on free loopback ports. */
export async function startProxy(routes: ProxyRoutes): Promise<RunningProxy> {
  // One pool, and one round of health checks, per group of instances, however many doors lead to it.
  const pools = new Map<Upstream, Pool>();
  const poolOf = (upstream: Upstream) => pools.get(upstream) ?? pools.set(upstream, new Pool(upstream)).get(upstream)!;
  const hosts = new Map(Object.entries(routes.hosts).map(([host, upstream]) => [host, poolOf(upstream)]));
  const api = poolOf(routes.api);
  const apiOnHosts = new Set(routes.apiOnHosts ?? []);
  const front = await door((request) => {
    const host = (request.headers.host ?? "").replace(/:\d+$/, "");
    return apiOnHosts.has(host) && request.url.startsWith("/api/") ? api : hosts.get(host);
  }, trustNoOne);
  // The storefronts connect from 127.0.0.1; the test's customers from other loopback addresses.
  const apiDoor = await door(
    () => api,
    (address) => address === "127.0.0.1",
  );
  return {
    front: originOf(front),
    api: originOf(apiDoor),
    everyInstanceUp: async (timeoutMs = 20_000) => {
      const since = performance.now();
      while (![...pools.values()].every((pool) => pool.allUpSince(since))) {
        if (performance.now() - since > timeoutMs)
          throw new Error(`Not every instance passed its health check within ${timeoutMs / 1000} s`);
        await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS / 5));
      }
    },
    close: async () => {
      for (const pool of pools.values()) pool.close();
      await Promise.all([front.close(), apiDoor.close()]);
    },
  };
}
