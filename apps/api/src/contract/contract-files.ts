import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";

/** The API's OpenAPI document as this code makes it (`npm run contract` writes it). */
export const currentContractFile = new URL("../../contract/openapi.json", import.meta.url);

/** The document of the last released version of the API, which the breaking-change check compares against. */
export const releasedContractFile = new URL("../../contract/released.json", import.meta.url);

/** The app's OpenAPI document as the file holds it: keys sorted at every level, two-space indents, a final newline. */
export function contractText(app: FastifyInstance): string {
  return `${JSON.stringify(sortedKeys(app.swagger()), null, 2)}\n`;
}

/** A document kept in contract/. */
export const readContract = (file: URL): object => JSON.parse(readFileSync(file, "utf8")) as object;

// Sorted keys make the file's diff show what changed in the contract, not the order routes were registered in.
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}
