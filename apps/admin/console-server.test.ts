import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverConfig } from "./console-config.ts";
import { consoleServer } from "./console-server.ts";

/** A build as `vite build` leaves it when asked for source maps and a manifest (the bench's). */
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "console-dist-"));
  await mkdir(path.join(root, "assets"));
  await mkdir(path.join(root, ".vite"));
  await writeFile(path.join(root, "index.html"), "<!doctype html><title>Console</title>");
  await writeFile(path.join(root, "assets", "index-abc123.js"), "console.log(1);\n//# sourceMappingURL=index-abc123.js.map");
  await writeFile(path.join(root, "assets", "index-abc123.js.map"), '{"sourcesContent":["// a comment of the sources"]}');
  await writeFile(path.join(root, ".vite", "manifest.json"), '{"index.html":{"file":"assets/index-abc123.js"}}');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const servers: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});
async function server(env: Record<string, string> = {}) {
  const app = await consoleServer({ root, config: serverConfig(env), release: { app: "@workshop/admin", version: "0.0.0" } });
  servers.push(app);
  return app;
}

describe("the console's server", () => {
  it("sends the address staff type (the bare origin) to the console", async () => {
    const app = await server();
    for (const url of ["/", "/?from=bookmark"]) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(302);
      expect(answer.headers.location).toBe("/admin");
    }
    expect((await app.inject({ url: "/admin/products" })).body).toContain("<title>Console</title>");
  });

  it("never serves source maps nor Vite's manifest, even from a build that has them", async () => {
    const app = await server();
    expect((await app.inject({ url: "/assets/index-abc123.js" })).statusCode).toBe(200);
    for (const url of [
      "/assets/index-abc123.js.map",
      "/assets/%69ndex-abc123.js.map",
      "/.vite/manifest.json",
      "/.vite/",
      "/assets/../.vite/manifest.json",
    ]) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body, url).not.toContain("sourcesContent");
      expect(answer.body, url).not.toContain("index-abc123");
    }
  });

  it("asks for https only (HSTS) when its address is https", async () => {
    const secure = await (await server({ ADMIN_URL: "https://admin.example.com" })).inject({ url: "/admin" });
    expect(secure.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    const plain = await (await server({ ADMIN_URL: "http://localhost:3001" })).inject({ url: "/admin" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    expect((await (await server()).inject({ url: "/" })).headers["strict-transport-security"]).toBeUndefined();
  });

  it("lets pages show photos from the shop's address (the products list's thumbnails) and tells them where the shop is", async () => {
    const app = await server({ API_URL: "http://localhost:4000", PUBLIC_URL: "http://localhost:3000/" });
    const answer = await app.inject({ url: "/admin/products" });
    const imgSrc = String(answer.headers["content-security-policy"])
      .split("; ")
      .find((d) => d.startsWith("img-src "));
    expect(imgSrc?.split(" ")).toEqual(expect.arrayContaining(["http://localhost:3000", "http://localhost:4000"]));
    expect((await app.inject({ url: "/config.json" })).json()).toEqual({
      apiUrl: "http://localhost:4000",
      shopUrl: "http://localhost:3000",
    });
  });
});
