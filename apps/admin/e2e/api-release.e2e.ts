import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { freePort, startNodeProcess } from "@workshop/testing/processes.ts";
import { afterEach, describe, expect, it } from "vitest";

/**
 * The console is written for one major release of the API (spoken-api.ts): its server does not
 * start against an API of another, and says so. The API here is a stand-in saying its release.
 */
let api: Server | undefined;
afterEach(() => api?.close());

async function apiOfRelease(version: string): Promise<string> {
  api = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ status: "ok", app: "@workshop/api", version }));
  });
  await new Promise<void>((resolve) => api!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
}

const startConsole = async (apiUrl: string) =>
  startNodeProcess(path.resolve(import.meta.dirname, "../serve.ts"), {
    name: "Console",
    env: { NODE_ENV: "production", ADMIN_PORT: String(await freePort()), HOST: "127.0.0.1", API_URL: apiUrl },
    ready: "Staff console running at",
  });

describe("the console's server against an API release", () => {
  it("of another major: does not start, and says which release and what to do", async () => {
    const apiUrl = await apiOfRelease("1.0.0");
    const failure = await startConsole(apiUrl).then(
      async (running) => {
        await running.stop();
        return "";
      },
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/Console exited with 1/);
    expect(failure).toContain(`The API at ${apiUrl} is release 1.0.0; this console is written for its 0.x releases`);
  });

  it("of its own major: starts", async () => {
    const running = await startConsole(await apiOfRelease("0.7.1"));
    await running.stop();
  });
});
