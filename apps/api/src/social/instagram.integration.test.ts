import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deleteCached, readCached } from "#server/cache/shared-cache.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { freshDatabase } from "#test-support/test-db.ts";
import { socialFeed } from "./instagram.ts";

/** A stand-in for the Instagram Graph API on loopback, whose behaviour each test sets. */
let mode: "ok" | "error" | "hang" = "ok";
let hits = 0;
let lastQuery: URLSearchParams | undefined;
const graph: Server = createServer((req, res) => {
  hits++;
  lastQuery = new URL(req.url ?? "/", "http://x").searchParams;
  if (mode === "hang") return; // never answers
  if (mode === "error") {
    res.writeHead(500).end("{}");
    return;
  }
  const data = Array.from({ length: Number(lastQuery.get("limit")) }, (_, i) => ({
    id: `p${i}`,
    caption: `Post ${i}`,
    media_type: i === 1 ? "VIDEO" : "IMAGE",
    media_url: `https://cdn.example/${i}.jpg`,
    thumbnail_url: `https://cdn.example/${i}-thumb.jpg`,
    permalink: `https://www.instagram.com/p/${i}/`,
    timestamp: "2026-11-01T10:00:00+0000",
    username: "rumahtopi.bali",
  }));
  res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ data }));
});

let database: DatabaseHandle;

beforeAll(async () => {
  await new Promise<void>((r) => graph.listen(0, "127.0.0.1", r));
  process.env.INSTAGRAM_ACCESS_TOKEN = "test-token";
  process.env.INSTAGRAM_API_URL = `http://127.0.0.1:${(graph.address() as AddressInfo).port}`;
  database = await freshDatabase();
});
afterAll(async () => {
  graph.closeAllConnections();
  graph.close();
  await database.close();
});
beforeEach(async () => {
  mode = "ok";
  hits = 0;
  await deleteCached("instagram:rumahtopi.bali:4");
});

describe("the social feed with an access token", () => {
  it("reads the Graph API once, then serves the cached posts for an hour", async () => {
    const first = await socialFeed("rumahtopi.bali", 4);
    expect(first.source).toBe("instagram");
    expect(first.posts).toHaveLength(4);
    expect(first.posts[1]?.media_url).toBe("https://cdn.example/1-thumb.jpg");
    expect(lastQuery?.get("access_token")).toBe("test-token");
    const second = await socialFeed("rumahtopi.bali", 4);
    expect(second.source).toBe("cache");
    expect(second.posts).toEqual(first.posts);
    expect(hits).toBe(1);
    expect(await readCached("instagram:rumahtopi.bali:4")).toEqual(first.posts);
  });

  it("falls back to the placeholder posts when Instagram fails", async () => {
    mode = "error";
    const feed = await socialFeed("rumahtopi.bali", 4);
    expect(feed.source).toBe("fallback");
    expect(feed.posts.map((p) => p.media_url)).toEqual([1, 2, 3, 4].map((n) => `/images/instagram/${n}.jpg`));
  });

  it("gives up on a silent Instagram after its timeout and falls back", async () => {
    mode = "hang";
    const started = Date.now();
    const feed = await socialFeed("rumahtopi.bali", 4);
    expect(feed.source).toBe("fallback");
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
