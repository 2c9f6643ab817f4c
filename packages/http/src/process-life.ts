import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";

/**
 * How the shop's server processes start listening and stop, alike: a port in use is said plainly
 * with what to do; SIGTERM (or SIGINT) stops the parts in order, each timed, and whatever is still
 * busy after STOP_WITHIN_MS is cut off, so an orchestrator's grace period holds.
 */

/** Kubernetes and most hosts wait 10 s after SIGTERM before they kill. */
const STOP_WITHIN_MS = 9_500;

type Listening = {
  port: number;
  host: string /** The setting that chooses the port, for the message. */;
  portSetting: string;
  name: string;
};

/** Listens, or exits with a message that says why and what to do; answers the port listened on. */
export async function listenOrExit(app: FastifyInstance, { port, host, portSetting, name }: Listening): Promise<number> {
  try {
    await app.listen({ port, host });
  } catch (error) {
    const inUse = (error as NodeJS.ErrnoException).code === "EADDRINUSE";
    console.error(
      inUse
        ? `Port ${port} is already in use (${host}): stop the program that uses it, or choose another port for the ${name}, e.g. ${portSetting}=${port + 1} npm start`
        : `The ${name} cannot listen on ${host}:${port}: ${(error as Error).message}`,
    );
    process.exit(1);
  }
  return (app.server.address() as AddressInfo).port;
}

let stopSignal: string | undefined;

/** Whether a stop signal has come: readiness probes then answer 503, so balancers send no one new. */
export const stopping = (): boolean => stopSignal !== undefined;

/** What a readiness probe answers (503) while the process drains before it stops. */
export const stoppingAnswer = { status: "stopping", error: "Not ready: shutting down" } as const;

type StopOptions = {
  /** Called at once (before the drain). */
  before?: () => void;
  /**
   * How long to keep serving after the signal, readiness already answering 503, before the parts
   * close: the time a load balancer's health checks need to stop sending new requests here, so a
   * rolling restart loses none (at most 5 s, within the orchestrator's grace period).
   */
  drainMs?: number;
};

/** On SIGTERM or SIGINT, `before` (at once), the drain, then each part closed in order, then exit. */
export function stopOnSignal(parts: [name: string, close: () => unknown][], { before = () => {}, drainMs = 0 }: StopOptions = {}): void {
  const stop = async (signal: string) => {
    if (stopSignal) return;
    stopSignal = signal;
    console.log(drainMs > 0 ? `${signal}: not ready; shutting down in ${drainMs / 1000} s` : `${signal}: shutting down`);
    const done: string[] = [];
    setTimeout(() => {
      console.error(`Not stopped within ${STOP_WITHIN_MS / 1000} s (${done.join(", ") || "nothing"} done): exiting anyway`);
      process.exit(1);
    }, STOP_WITHIN_MS).unref();
    before();
    if (drainMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, drainMs));
      done.push(`drain ${(drainMs / 1000).toFixed(1)} s`);
    }
    for (const [part, close] of parts) {
      const started = performance.now();
      await Promise.resolve()
        .then(close)
        .catch((error: unknown) => console.error(`Stopping the ${part}:`, error));
      done.push(`${part} ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    console.log(`Stopped: ${done.join(", ")}`);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

/** Runs a process's start; a failure ends it with its message (a bad setting says which), never a stack. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
