import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "#server/config.ts";
import { dataDir } from "#server/paths.ts";

let cached: string | undefined;

/**
 * The key of the shop's signatures: SESSION_SECRET, else one made on the first start and kept in
 * DATA_DIR/session-secret, so that links signed before a restart stay valid.
 */
export function sessionSecret(): string {
  cached ??= config().SESSION_SECRET ?? keptSecret(path.join(dataDir(), "session-secret"));
  return cached;
}

export function keptSecret(file: string): string {
  try {
    const kept = readFileSync(file, "utf8").trim();
    if (kept.length >= 32) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const made = randomBytes(32).toString("base64url");
  try {
    // 'wx': two instances starting together on one folder keep the first one's key.
    writeFileSync(file, `${made}\n`, { flag: "wx", mode: 0o600 });
    return made;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readFileSync(file, "utf8").trim();
  }
}
