import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePorts } from "@workshop/testing/processes.ts";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { documentedSettings } from "./documented-settings.ts";

/**
 * infra/compose.yaml, the production-like stack for one machine: its services, the API's roles,
 * the proxy's hosts, and only settings the configuration guide documents (as infra/k8s). No Docker daemon runs
 * here, so the stack itself is not started by the tests.
 */
const here = import.meta.dirname;
type Service = { environment?: Record<string, string>; env_file?: string[]; build?: { dockerfile: string } };
const compose = parse(readFileSync(path.join(here, "compose.yaml"), "utf8"), { merge: true }) as { services: Record<string, Service> };
const apps = ["api-web-1", "api-web-2", "api-worker", "storefront", "console"];

/** A .env file's names and values. */
const envFile = (file: string) =>
  Object.fromEntries(
    readFileSync(path.join(here, file), "utf8")
      .split("\n")
      .filter((line) => /^[A-Z]/.test(line))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );

describe("infra/compose.yaml", () => {
  it("runs PostgreSQL, MinIO, a mail catcher, two API web instances and a worker, the storefront, the console and a proxy", () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ["api-web-1", "api-web-2", "api-worker", "caddy", "console", "mailpit", "minio", "minio-bucket", "postgres", "storefront"].sort(),
    );
    expect(apps.slice(0, 3).map((name) => compose.services[name]!.environment?.ROLE)).toEqual(["web", "web", "worker"]);
    for (const name of apps) expect(existsDockerfile(compose.services[name]!.build!.dockerfile), name).toBe(true);
  });

  it("routes shop.localhost, admin.localhost and api.localhost, the API's two web instances balanced", () => {
    const caddyfile = readFileSync(path.join(here, "compose/Caddyfile"), "utf8");
    expect(caddyfile).toMatch(/shop\.localhost \{\s+reverse_proxy storefront:3000/);
    // The console's host also takes its calls to the API: *.localhost hosts are each a site of their own.
    expect(caddyfile).toMatch(
      /admin\.localhost \{[\s\S]*?handle \/api\/\* \{\s+reverse_proxy api-web-1:4000 api-web-2:4000[\s\S]*?handle \{\s+reverse_proxy console:3001/,
    );
    expect(compose.services.console!.environment?.API_URL).toBe("https://admin.localhost");
    expect(caddyfile).toMatch(/api\.localhost \{\s+reverse_proxy api-web-1:4000 api-web-2:4000/);
  });

  it("sets only settings the configuration guide documents, on one PostgreSQL, S3 store and SMTP server for every instance", () => {
    const documented = documentedSettings();
    const shared = envFile("compose/shop.env");
    const used = new Set([...Object.keys(shared), ...apps.flatMap((name) => Object.keys(compose.services[name]!.environment ?? {}))]);
    expect([...used].filter((name) => !documented.has(name))).toEqual([]);
    expect(shared).toMatchObject({
      DATABASE_URL: expect.stringContaining("@postgres:5432/"),
      S3_ENDPOINT: "http://minio:9000",
      SMTP_URL: "smtp://mailpit:1025",
    });
    for (const name of apps) expect(compose.services[name]!.env_file, name).toEqual(["compose/shop.env"]);
  });
});

function existsDockerfile(dockerfile: string): boolean {
  try {
    readFileSync(path.join(here, "..", dockerfile));
    return true;
  } catch {
    return false;
  }
}

// Caddy comes from the system (Debian's package), as kubectl does: without it this check says so and skips.
const caddy = spawnSync("caddy", ["version"], { stdio: "ignore" }).status === 0;
if (!caddy) console.warn("infra/compose: caddy is not installed, so the Caddyfile is not checked by Caddy here");

describe.skipIf(!caddy)("infra/compose/Caddyfile as Caddy reads it", () => {
  it("adapts to Caddy's own configuration: the three hosts, the API's door, health checks on /readyz", () => {
    const adapted = spawnSync("caddy", ["adapt", "--config", path.join(here, "compose/Caddyfile"), "--adapter", "caddyfile"], {
      encoding: "utf8",
    });
    expect(adapted.status, adapted.stderr).toBe(0);
    const text = adapted.stdout;
    for (const host of ["shop.localhost", "admin.localhost", "api.localhost"]) expect(text).toContain(`"${host}"`);
    expect(text).toContain('"listen":[":4000"]');
    expect(text.match(/"uri":"\/readyz"/g)?.length).toBe(3);
  });
});

/** The adapted Caddyfile with its doors on free loopback ports, plain http, every upstream `echo`. */
function onLoopback(adapted: string, ports: { door: number; public: number }, echo: string): string {
  const config = JSON.parse(adapted.replaceAll(/"dial":"[^"]+"/g, `"dial":"${echo}"`)) as {
    apps: {
      http: { servers: Record<string, { listen: string[]; automatic_https?: unknown; tls_connection_policies?: unknown }> };
      tls?: unknown;
    };
  };
  delete config.apps.tls;
  for (const server of Object.values(config.apps.http.servers)) {
    server.listen = [`127.0.0.1:${server.listen[0] === ":4000" ? ports.door : ports.public}`];
    server.automatic_https = { disable: true };
    delete server.tls_connection_policies;
  }
  return JSON.stringify({ ...config, admin: { disabled: true } });
}

describe.skipIf(!caddy)("infra/compose/Caddyfile's doors, run by Caddy", () => {
  it("the API's door keeps the customer the storefront names; a public host names the client it sees, whatever it claims", async () => {
    // Stands for every upstream: answers with the X-Forwarded-For it was given.
    const echo = createServer((request, response) => response.end(String(request.headers["x-forwarded-for"] ?? "")));
    await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
    const [door, front] = await freePorts(2);
    const adapted = spawnSync("caddy", ["adapt", "--config", path.join(here, "compose/Caddyfile"), "--adapter", "caddyfile"], {
      encoding: "utf8",
    });
    const dir = await mkdtemp(path.join(tmpdir(), "caddy-doors-"));
    const file = path.join(dir, "caddy.json");
    await writeFile(file, onLoopback(adapted.stdout, { door: door!, public: front! }, `127.0.0.1:${(echo.address() as AddressInfo).port}`));
    const caddyProcess = spawn("caddy", ["run", "--config", file], {
      stdio: "ignore",
      env: { ...process.env, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    });
    try {
      // node:http, since fetch does not send a Host header of its own.
      const ask = (port: number, host: string) =>
        new Promise<string>((resolve, reject) => {
          const sent = request(
            { port, host: "127.0.0.1", path: "/api/products", headers: { Host: host, "X-Forwarded-For": "203.0.113.7" } },
            (answer) => {
              let text = "";
              answer.on("data", (chunk: Buffer) => {
                text += chunk.toString();
              });
              answer.on("end", () => resolve(text));
            },
          );
          sent.on("error", reject);
          sent.end();
        });
      const told = async (port: number, host: string) => {
        for (let tries = 0; ; tries++) {
          const answer = await ask(port, host).catch(() => null);
          if (answer !== null) return answer;
          if (tries > 100) throw new Error("Caddy did not start");
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      // The storefront (here 127.0.0.1, a private address as in the stack) names its customer.
      expect(await told(door!, "caddy:4000")).toBe("203.0.113.7, 127.0.0.1");
      // A client on the public side cannot name itself: the header it sent is replaced.
      expect(await told(front!, "api.localhost")).toBe("127.0.0.1");
      expect(await told(front!, "shop.localhost")).toBe("127.0.0.1");
    } finally {
      caddyProcess.kill();
      echo.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
