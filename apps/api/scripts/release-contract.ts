/**
 * Run by `npm run release:version` after `changeset version` and `npm run contract`: when the API's
 * version changed, its document becomes the released one (contract/released.json), which the
 * breaking-change check compares the next changes against (decision 042).
 */
import { copyFileSync, readFileSync } from "node:fs";
import { currentContractFile, readContract, releasedContractFile } from "#server/contract/contract-files.ts";

const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
const released = readContract(releasedContractFile) as { info: { version: string } };
if (released.info.version === version) {
  console.log(`contract/released.json stays the API ${version}'s`);
} else {
  copyFileSync(currentContractFile, releasedContractFile);
  console.log(`contract/released.json is now the API ${version}'s (was ${released.info.version})`);
}
