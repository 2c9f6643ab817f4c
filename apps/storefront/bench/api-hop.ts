import { readFileSync } from "node:fs";
import type { Readable } from "node:stream";
import { PGLITE } from "@workshop/testing/bench-databases.ts";
import { CONNECTIONS, load, percentiles, SECONDS, warm } from "./load.ts";
import { startShop } from "./shop.ts";

/** A call of the storefront to the API as it logs it with BENCH_TIMING=1 (app/api/client.server.ts). */
type Call = { apiCall: string; t: number; ms: number; apiMs: number };

/** Collects the storefront's BENCH_TIMING lines from its output from now on, until the returned function is called. */
function collectCalls(stdout: Readable): () => Call[] {
  const calls: Call[] = [];
  let rest = "";
  const onData = (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split("\n");
    rest = lines.pop()!;
    for (const line of lines) if (line.startsWith('{"apiCall"')) calls.push(JSON.parse(line) as Call);
  };
  stdout.on("data", onData);
  return () => {
    stdout.off("data", onData);
    return calls;
  };
}

/** TCP connections on this machine to or from `port` (Linux's /proc/net/tcp): open ones, and those closed in the last minute. */
function connectionsOf(port: number): { open: number; closed: number } {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  let open = 0;
  let closed = 0;
  for (const line of readFileSync("/proc/net/tcp", "utf8").split("\n").slice(1)) {
    const [, local, remote, state] = line.trim().split(/\s+/);
    if (!local || !remote) continue;
    // Open: the client's end of each connection to the API; closed: TIME_WAIT at either end.
    if (state === "01" && remote.endsWith(`:${hex}`)) open++;
    if (state === "06" && (remote.endsWith(`:${hex}`) || local.endsWith(`:${hex}`))) closed++;
  }
  return { open, closed };
}

const ms = (v: number) => `${v.toFixed(1).padStart(5)} ms`;

/**
 * What the hop to the API adds to a page. The storefront (BENCH_TIMING=1) logs each call it makes:
 * `ms`, from sending it to having its answer read and checked against its schema, and `apiMs`, the
 * API's own time for it (its Server-Timing, from the request's arrival at its Fastify to the answer
 * ready: the rate limit, the read, the JSON). The difference is the hop: the HTTP client and server
 * work at both ends, the loopback, the JSON parsed and checked in the storefront, and any wait for
 * the storefront's event loop. That is what the page would not pay if the API's code ran in its
 * process; the API's own work it would pay either way. Measured with one connection (the hop alone)
 * and with 16 (where the wait for an event loop busy rendering other pages comes in), on pages that
 * make one call each. Also checked: the calls reuse kept-alive connections, and the home page makes
 * its calls at once.
 */
export async function apiHopFigures() {
  const timing = { BENCH_TIMING: "1" };
  const shop = await startShop(PGLITE, { api: timing, storefront: { ...timing, PAGE_CACHE_SECONDS: "0" } });
  try {
    const apiPort = Number(new URL(shop.apiOrigin).port);
    const stdout = shop.storefront.child.stdout!;

    // The first page of a fresh storefront: the root's shop settings (kept a minute after), the
    // home page's hats and its social strip.
    let stop = collectCalls(stdout);
    await (await fetch(`${shop.origin}/`)).text();
    await new Promise((r) => setTimeout(r, 200));
    const home = stop();
    const lastStart = Math.max(...home.map((c) => c.t));
    const firstEnd = Math.min(...home.map((c) => c.t + c.ms));
    console.log(`\nthe API hop: storefront and API on PGlite, page cache off, BENCH_TIMING=1`);
    console.log(
      `  GET / on a fresh storefront made ${home.length} calls (${home.map((c) => c.apiCall.replace(/^GET /, "")).join(", ")}): ${lastStart < firstEnd ? `all sent before the first answer came, within ${(lastStart - Math.min(...home.map((c) => c.t))).toFixed(1)} ms: in parallel` : "NOT all in parallel"}`,
    );

    const before = connectionsOf(apiPort);
    let calls = 0;
    console.log(
      `\n  per page (one call each): the page's wait for its call, the API's own time, and the hop (the difference, call by call); ${SECONDS} s each`,
    );
    for (const page of ["/products/1", "/products"]) {
      for (const connections of [1, CONNECTIONS]) {
        const url = shop.origin + page;
        await warm({ url }, connections);
        stop = collectCalls(stdout);
        const f = await load({ url }, connections);
        await new Promise((r) => setTimeout(r, 200));
        const logged = stop().filter((c) => !c.apiCall.endsWith("/api/shop/settings"));
        calls += logged.length;
        const wait = percentiles(logged.map((c) => c.ms));
        const own = percentiles(logged.map((c) => c.apiMs));
        const hop = percentiles(logged.map((c) => c.ms - c.apiMs));
        console.log(
          `  GET ${page.padEnd(12)} ${String(connections).padStart(2)} conn.   page p50 ${ms(f.p50)} p99 ${ms(f.p99)}   its call p50 ${ms(wait.p50)} p99 ${ms(wait.p99)}   API's own p50 ${ms(own.p50)} p99 ${ms(own.p99)}   hop p50 ${ms(hop.p50)} p99 ${ms(hop.p99)}   (${hop.n} calls)`,
        );
      }
    }
    const after = connectionsOf(apiPort);
    console.log(
      `\n  keep-alive: ${calls} calls measured (and their warm-ups) went over ${after.open} connections from the storefront to the API, open after the run; ${Math.max(0, after.closed - before.closed)} were closed meanwhile`,
    );
  } finally {
    await shop.stop();
  }
}
