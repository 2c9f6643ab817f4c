import { execFile, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "@workshop/testing/processes.ts";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The images cannot be built here (no Docker daemon), so each Dockerfile is checked against what
 * it would meet: `turbo prune <app> --docker` gives the files of its first stage, every path it
 * copies exists there, and the pruned app installs and builds from that output alone, after which
 * every path its last stage copies exists too; then that last stage is put together in a folder
 * of its own (its runtime dependencies and what it copies) and started with the image's CMD.
 */
const root = path.resolve(import.meta.dirname, "..");
const work = mkdtempSync(path.join(tmpdir(), "docker-check-"));
afterAll(() => rmSync(work, { recursive: true, force: true }), 120_000);

const run = (command: string, args: string[], cwd: string) =>
  promisify(execFile)(command, args, {
    cwd,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
  });

/**
 * The Dockerfiles' `npm ci`, from the pruned lockfile. Here it takes the packages from npm's cache
 * when it holds them (`--prefer-offline`; the repository's own install has just filled it): the
 * check is what gets installed and built from the pruned output, not how fast the registry answers.
 */
const install = (cwd: string, dev: boolean) =>
  run("npm", ["ci", "--no-audit", "--no-fund", "--prefer-offline", ...(dev ? [] : ["--omit=dev"])], cwd);

/** The sources of `COPY --from=<stage>` lines, by stage ("--chown" and the target left out). */
function copiedFrom(dockerfile: string, stage: string): string[] {
  return [...dockerfile.matchAll(new RegExp(`^COPY --from=${stage}(?: --chown=\\S+)? (.+)$`, "gm"))].flatMap((m) =>
    m[1]!.trim().split(/\s+/).slice(0, -1),
  );
}

/** The `COPY --from=<stage> sources… target` lines of the last stage (after the last FROM), in order. */
function lastStageCopies(dockerfile: string): { stage: string; sources: string[]; target: string }[] {
  const last = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
  return [...last.matchAll(/^COPY --from=(\S+)(?: --chown=\S+)? (.+)$/gm)].map((m) => {
    const parts = m[2]!.trim().split(/\s+/);
    return { stage: m[1]!, sources: parts.slice(0, -1), target: parts.at(-1)! };
  });
}

const apps = [
  { file: "api.Dockerfile", name: "@workshop/api", folder: "apps/api", builds: false, portSetting: "API_PORT" },
  { file: "storefront.Dockerfile", name: "@workshop/storefront", folder: "apps/storefront", builds: true, portSetting: "PORT" },
  { file: "console.Dockerfile", name: "@workshop/admin", folder: "apps/admin", builds: true, portSetting: "ADMIN_PORT" },
];

/** An app's steps: one after another, though the apps run side by side. */
const inOrder = { concurrent: false };

// The three apps are checked side by side (most of the time goes to npm's installs, which wait on the
// disk); each app's steps run in order.
describe.concurrent.each(apps)("infra/docker/$file", ({ file, name, builds, portSetting }) => {
  const dockerfile = readFileSync(path.join(import.meta.dirname, "docker", file), "utf8");
  const pruned = path.join(work, name.replace("/", "-"));

  it("prunes the repository to its app, copies only what the pruned output holds, runs not as root, and is probed", inOrder, async () => {
    expect(dockerfile).toContain(`turbo@2.11.11 prune ${name} --docker --out-dir /pruned`);
    await run("npx", ["turbo", "prune", name, "--docker", "--out-dir", pruned], root);
    for (const source of copiedFrom(dockerfile, "prune")) {
      const from = source.startsWith("/repo/")
        ? path.join(root, source.slice("/repo/".length))
        : path.join(pruned, source.replace(/^\/pruned\//, ""));
      expect(existsSync(from), source).toBe(true);
    }
    // Another app's code never comes along.
    for (const other of apps.filter((a) => a.name !== name))
      expect(existsSync(path.join(pruned, "full", other.folder)), other.folder).toBe(false);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\/healthz/m);
  });

  it("installs and builds from the pruned output alone, and the last stage finds every path it copies", {
    ...inOrder,
    timeout: 600_000,
  }, async () => {
    const app = path.join(work, `${name.replace("/", "-")}-app`);
    cpSync(path.join(pruned, "json"), app, { recursive: true });
    expect(dockerfile).toContain(builds ? "RUN npm ci --no-audit --no-fund" : "npm ci --omit=dev --no-audit --no-fund");
    await install(app, builds);
    cpSync(path.join(pruned, "full"), app, { recursive: true });
    // The root's files the Dockerfile adds beside the pruned output.
    for (const source of copiedFrom(dockerfile, "prune").filter((s) => s.startsWith("/repo/"))) {
      cpSync(path.join(root, source.slice("/repo/".length)), path.join(app, source.slice("/repo/".length)));
    }
    if (builds) await run("npm", ["run", "build", "-w", name], app);
    for (const source of [...copiedFrom(dockerfile, "build"), ...copiedFrom(dockerfile, "install")]) {
      expect(existsSync(path.join(app, source.replace(/^\/app\/?/, ""))), source).toBe(true);
    }
    const command = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    expect(existsSync(path.join(app, command.at(-1)!)), command.join(" ")).toBe(true);
  });

  it("starts from its last stage alone (the runtime dependencies and what it copies) and answers its health check", {
    ...inOrder,
    timeout: 600_000,
  }, async () => {
    const app = path.join(work, `${name.replace("/", "-")}-app`);
    const image = path.join(work, `${name.replace("/", "-")}-image`);
    for (const { stage, sources, target } of lastStageCopies(dockerfile)) {
      if (stage !== "build") {
        // The stage that installed the runtime dependencies alone.
        cpSync(path.join(pruned, "json"), image, { recursive: true });
        if (builds) {
          expect(dockerfile).toContain("RUN npm ci --omit=dev --no-audit --no-fund");
          await install(image, false);
        } else cpSync(app, image, { recursive: true, verbatimSymlinks: true });
        continue;
      }
      for (const source of sources) {
        const from = path.join(app, source.replace(/^\/app\/?/, ""));
        const to = target.endsWith("/") ? path.join(image, target, path.basename(source)) : path.join(image, target);
        cpSync(from, to, { recursive: true, verbatimSymlinks: true });
      }
    }
    const command = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    const port = await freePort();
    const started = spawn(process.execPath, command.slice(1), {
      cwd: image,
      stdio: "ignore",
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        [portSetting]: String(port),
        DATA_DIR: path.join(image, "data"),
        DATABASE_URL: "",
        API_URL: "http://127.0.0.1:9",
      },
    });
    try {
      let health: unknown = null;
      for (let tries = 0; tries < 150 && !health; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        health = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => (r.ok ? r.json() : null),
          () => null,
        );
      }
      expect(health).toMatchObject({ status: "ok", app: name });
    } finally {
      started.kill();
    }
  });
});
