import { defineConfig } from "vitest/config";

/** `npm run test:scale`: the scaled-out stack, one file, its processes started once for all its tests. */
export default defineConfig({ test: { root: import.meta.dirname, include: ["*.test.ts"], testTimeout: 120_000, hookTimeout: 240_000 } });
