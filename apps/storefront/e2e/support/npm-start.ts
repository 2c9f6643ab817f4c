import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePorts } from "@workshop/testing/processes.ts";
import { repositoryRoot } from "./storefront-build.ts";

type Ports = { shop: number; console: number; api: number };

/** Whether something listens on this port of this machine now. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/**
 * `npm start` in the repository's top folder as a newcomer runs it: a shell with only PATH and HOME
 * (no npm_* or TURBO_* settings of the test run's own npm and turbo), a new data folder, and a new
 * config folder, where turbo keeps whether it has shown its telemetry notice (a new machine has none).
 * Free ports, so it runs beside the shared shop. `whenShopAnswers` runs once, as soon as the shop's
 * port takes a connection. Answers everything it printed until all three processes said where they
 * run, then stops it (turbo stops the three).
 */
export async function runNpmStart({
  whenShopAnswers,
  timeoutMs = 200_000,
}: {
  whenShopAnswers: (shopURL: string) => Promise<void>;
  timeoutMs?: number;
}): Promise<{ output: string; ports: Ports }> {
  const [shop, consolePort, api] = (await freePorts(3)) as [number, number, number];
  const ports: Ports = { shop, console: consolePort, api };
  const dataDir = await mkdtemp(path.join(tmpdir(), "npm-start-data-"));
  const configHome = await mkdtemp(path.join(tmpdir(), "npm-start-config-"));
  const child = spawn("npm", ["start"], {
    cwd: repositoryRoot,
    // Its own process group, so the whole start can be stopped at once.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? tmpdir(),
      XDG_CONFIG_HOME: configHome,
      PORT: String(shop),
      ADMIN_PORT: String(consolePort),
      API_PORT: String(api),
      DATA_DIR: dataDir,
    },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const started = ["Shop running at", "Staff console running at", "API running at"];
  try {
    const deadline = Date.now() + timeoutMs;
    let visited = false;
    while (!visited || !started.every((line) => output.includes(line))) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`npm start did not say where all three run within ${timeoutMs} ms:\n${output}`);
      if (!visited && (await listening(shop))) {
        await whenShopAnswers(`http://127.0.0.1:${shop}`);
        visited = true;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { output, ports };
  } finally {
    if (child.exitCode === null && child.pid) {
      process.kill(-child.pid, "SIGTERM");
      const stopped = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 30_000))]);
      if (!stopped) process.kill(-child.pid, "SIGKILL");
    }
    await Promise.all([dataDir, configHome].map((dir) => rm(dir, { recursive: true, force: true })));
  }
}
