import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Server code never reaches the browser: the client build holds none of its markers. */
const assets = path.resolve("build/client/assets");
const markers = [
  "kysely",
  "pglite",
  "pg_advisory",
  "DATABASE_URL",
  "INSTAGRAM_ACCESS_TOKEN",
  "checkout_sessions",
  "node:fs",
  '"sharp"',
  "pg-boss",
  "nodemailer",
  "mail_outbox",
];

describe("the client build", () => {
  it("contains no server code", () => {
    const files = readdirSync(assets).filter((f) => f.endsWith(".js"));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = readFileSync(path.join(assets, file), "utf8");
      for (const marker of markers) expect(text.includes(marker), `${marker} in ${file}`).toBe(false);
    }
  });
});
