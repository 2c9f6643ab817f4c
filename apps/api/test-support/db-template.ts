import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#server/db/client.ts";
import type {} from "./test-db.ts";

/** Migrates one PGlite database and saves it, so every test file starts from a copy in milliseconds. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), "shop-template-"));
  const file = path.join(dir, "template.tar");
  if (!process.env.DATABASE_URL) {
    const client = new PGlite();
    await openDatabase({ pglite: client });
    const dump = await client.dumpDataDir("none");
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    await client.close();
  }
  project.provide("pgliteTemplate", file);
  return () => rm(dir, { recursive: true, force: true });
}
