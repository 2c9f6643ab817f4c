import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// Each test file gets its own folder for stored files, set before the config is first read.
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "shop-data-"));
