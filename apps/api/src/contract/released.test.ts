import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { breakingChanges } from "./breaking-changes.ts";
import { currentContractFile, readContract, releasedContractFile } from "./contract-files.ts";
import { isMajorRelease } from "./major-release.ts";

const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
const changesets = new URL("../../../../.changeset/", import.meta.url);

describe("the API's contract", () => {
  it("breaks no caller of the released API, unless the next release is a major one", () => {
    const released = readContract(releasedContractFile) as { info: { version: string } };
    if (isMajorRelease(released.info, version, changesets)) return;
    const changes = breakingChanges(released, readContract(currentContractFile));
    const advice =
      `These changes to contract/openapi.json break callers of the released API ${released.info.version}. ` +
      "Keep what they rely on, or add a changeset that releases @workshop/api as a new major (`npx changeset`, decision 042)";
    expect(changes, advice).toEqual([]);
    // Comparing two documents of ~0.5–0.8 MB takes api-smart-diff seconds, more beside other test files.
  }, 60_000);
});
