import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import path from "node:path";

/** `count` different ports nothing listens on right now (held together while chosen, so none repeats). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const server = createServer();
          server.once("error", reject);
          server.listen(0, "127.0.0.1", () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}

/** `log`: what the process has printed so far; `stop` ends it with SIGTERM (once), as an orchestrator would. */
export type RunningProcess = { child: ChildProcess; readonly log: string; stop: () => Promise<void> };

type StartOptions = {
  name: string;
  env: Record<string, string>;
  ready: string;
  timeoutMs?: number;
  /** The script's arguments. */
  args?: string[];
  /**
   * false: once ready, what the process prints is read and dropped, not kept in `log` (a server
   * under a benchmark's load prints a line per request); `child.stdout` can still be listened to.
   */
  keepLog?: boolean;
};

/**
 * The Node flags `npm start` gives `script` when its package's start script runs it
 * (`node --max-semi-space-size=16 src/main.ts` gives the first), so tests and benches run an app's
 * process as it runs in production; none for any other script.
 */
export function startFlagsOf(script: string): string[] {
  for (let dir = path.dirname(path.resolve(script)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (!existsSync(manifest)) continue;
    const start: string = JSON.parse(readFileSync(manifest, "utf8")).scripts?.start ?? "";
    const run = /\bnode((?:\s+--\S+)*)\s+(\S+)/.exec(start);
    return run && path.resolve(dir, run[2]!) === path.resolve(script) ? run[1]!.trim().split(/\s+/).filter(Boolean) : [];
  }
  return [];
}

/**
 * Starts a Node script of the shop's (`node <script>`, on this Node) and waits until it prints
 * `ready`; fails with what it printed if it exits or takes longer than `timeoutMs` ("<name> exited
 * with 1: …", the name saying which part of the shop it is).
 */
export async function startNodeProcess(
  script: string,
  { name, env, ready, timeoutMs = 90_000, args = [], keepLog = true }: StartOptions,
): Promise<RunningProcess> {
  const child = spawn(process.execPath, [...startFlagsOf(script), script, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        if (!keepLog) {
          child.stdout?.off("data", onData).resume();
          child.stderr?.off("data", onData).resume();
        }
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code, signal) => reject(new Error(`${name} exited with ${code ?? signal}:\n${output}`)));
  });
  let stopped: Promise<void> | undefined;
  return {
    child,
    get log() {
      return output;
    },
    stop: () =>
      (stopped ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      })),
  };
}
