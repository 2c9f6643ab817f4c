import path from "node:path";
import { config } from "./config.ts";

/** The project folder: npm scripts, the server and the tests all run from it. */
export const projectRoot = process.cwd();

export const migrationsFolder = path.join(projectRoot, "server/db/migrations");
export const seedImagesFolder = path.join(projectRoot, "server/db/seed/images");

export function dataDir(): string {
  return path.resolve(projectRoot, config().DATA_DIR);
}
