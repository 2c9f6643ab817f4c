import { execFileSync } from "node:child_process";
import path from "node:path";

/** The repository's top folder, where turbo runs. */
export const repositoryRoot = path.resolve(import.meta.dirname, "../../../..");

/** `turbo run build` of the storefront with more arguments, from the top folder; answers what it printed. */
export function turboBuild(args: string[], stdio: "inherit" | "pipe" = "pipe"): string {
  const output = execFileSync("npx", ["turbo", "run", "build", "--filter=@workshop/storefront", ...args], {
    cwd: repositoryRoot,
    stdio: ["ignore", stdio, "inherit"],
    env: { ...process.env, NODE_ENV: "production", TURBO_TELEMETRY_DISABLED: "1" },
  });
  return output?.toString() ?? "";
}
