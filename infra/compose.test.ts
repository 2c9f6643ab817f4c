import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { documentedSettings } from "./readme-settings.ts";

/**
 * infra/compose.yaml, the production-like stack for one machine: its services, the API's roles,
 * the proxy's hosts, and only settings the README documents (as infra/k8s). No Docker daemon runs
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

  it("sets only settings the README documents, on one PostgreSQL, S3 store and SMTP server for every instance", () => {
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
