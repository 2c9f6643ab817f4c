import { readFileSync } from "node:fs";

/** Which app answers and which release of it: what its package.json says (changesets bumps it at each release). */
export type Release = { app: string; version: string };

export function releaseOf(packageJson: URL): Release {
  const { name, version } = JSON.parse(readFileSync(packageJson, "utf8")) as { name: string; version: string };
  return { app: name, version };
}
