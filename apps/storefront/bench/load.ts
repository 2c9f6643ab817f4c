import { readFileSync } from "node:fs";
import autocannon from "autocannon";

/** Seconds each figure is measured for (after two seconds of the same load to warm up). */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Connections of every page figure, the floor's included: the targets' p99 are at 16. */
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

export type Figures = { rps: number; p50: number; p99: number; errors: number; non2xx: number; requests: number };
export type Request = { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string };
export type Target = Request & { url: string; requests?: autocannon.Options["requests"] };

const figuresOf = (r: autocannon.Result): Figures => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors,
  // A redirect is the expected answer of a form post: 3xx count with the successes.
  non2xx: r.non2xx - (r["3xx"] ?? 0),
  requests: r.requests.total,
});

/** Two seconds of the same load first, so the figures are those of warmed-up processes (JIT, caches, connections). */
export async function warm(target: Target, connections = CONNECTIONS) {
  await autocannon({ ...target, connections, duration: 2 });
}

export async function load(target: Target, connections = CONNECTIONS, seconds = SECONDS): Promise<Figures> {
  return figuresOf(await autocannon({ ...target, connections, duration: seconds }));
}

/** Fails unless the address answers 200 (or a redirect, for a form post), then warms up. */
export async function prepare(target: Target, connections = CONNECTIONS) {
  const check = await fetch(target.url, { method: target.method, headers: target.headers, body: target.body, redirect: "manual" });
  await check.arrayBuffer();
  if (check.status >= 400) throw new Error(`${target.method ?? "GET"} ${target.url} answered ${check.status}`);
  await warm(target, connections);
}

/** prepare, then the figures. */
export async function measure(target: Target, connections = CONNECTIONS, seconds = SECONDS): Promise<Figures> {
  await prepare(target, connections);
  return load(target, connections, seconds);
}

export const fmt = (f: Figures) =>
  `${f.rps.toFixed(0).padStart(6)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms${f.errors + f.non2xx ? `   (${f.errors} errors, ${f.non2xx} non-2xx)` : ""}`;

/** The verdicts of one run, repeated together at its end. */
const verdicts: [string, boolean][] = [];

export function verdict(target: string, ok: boolean): string {
  verdicts.push([target, ok]);
  return ok ? "met" : "NOT met";
}

export function printVerdicts() {
  if (verdicts.length === 0) return;
  console.log("\ntargets of this run:");
  for (const [target, ok] of verdicts) console.log(`  ${ok ? "met    " : "NOT met"}  ${target}`);
}

/** CPU seconds a process has used so far (user and system, Linux's /proc; 100 ticks a second). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The CPU milliseconds each process spends per request while `run` loads one of them (`requestsOf` its result: how many it made). */
export async function withCpu<T>(
  pids: Record<string, number>,
  run: () => Promise<T>,
  requestsOf: (result: T) => number,
): Promise<{ result: T; cpuMsPerRequest: Record<string, number> }> {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSecondsOf(pid)]));
  const result = await run();
  const requests = Math.max(1, requestsOf(result));
  const cpuMsPerRequest = Object.fromEntries(
    Object.entries(pids).map(([name, pid]) => [name, ((cpuSecondsOf(pid) - before[name]!) * 1000) / requests]),
  );
  return { result, cpuMsPerRequest };
}

/** "SF 6.10 ms, API 0.70 ms" */
export const cpuText = (cpuMsPerRequest: Record<string, number>) =>
  Object.entries(cpuMsPerRequest)
    .map(([name, ms]) => `${name} ${ms.toFixed(2)} ms`)
    .join(", ");

export function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { n: sorted.length, p50: at(0.5), p99: at(0.99) };
}
