/**
 * `npm run contract -w @workshop/api`: writes the API's OpenAPI document to contract/openapi.json,
 * from the routes as this code registers them (the app is built in this process and never listens).
 * Commit the file with the change: a test fails while it differs from what the code makes.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The document depends on no setting: the app is built from a clean environment, so none of this
// machine's settings (secrets among them) reach the build, its checks or its output.
const kept = new Set(["PATH", "HOME", "TMPDIR", "TEMP", "TMP"]);
for (const name of Object.keys(process.env)) if (!kept.has(name)) delete process.env[name];
const dataDir = mkdtempSync(path.join(tmpdir(), "api-contract-"));
process.env.DATA_DIR = dataDir;

const { buildApp } = await import("#server/app.ts");
const { contractText, currentContractFile } = await import("#server/contract/contract-files.ts");
const app = await buildApp({ dev: false, logger: false });
try {
  await app.ready();
  writeFileSync(currentContractFile, contractText(app));
  console.log(`Wrote ${path.relative(process.cwd(), fileURLToPath(currentContractFile))}`);
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
