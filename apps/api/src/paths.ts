import path from "node:path";
import { config } from "./config.ts";

/** The API's own folder (apps/api), wherever the process was started from. */
const apiRoot = path.resolve(import.meta.dirname, "..");

/**
 * The repository's top folder. Relative settings (DATA_DIR) resolve against it, so `./data` is the
 * same folder whether the shop is started from the top (`npm start`) or from apps/api, and a shop
 * that kept its data in `./data` before the monorepo keeps it there.
 */
export const projectRoot = path.resolve(apiRoot, "../..");

export const migrationsFolder = path.join(apiRoot, "src/db/migrations");
export const seedImagesFolder = path.join(apiRoot, "src/db/seed/images");

export function dataDir(): string {
  return path.resolve(projectRoot, config().DATA_DIR);
}
