import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A comment or a document that names a file which is not there sends its reader after something
 * that moved or is gone. This reads every tracked .md file, and the comments of every tracked .ts
 * and .tsx file, for paths with a folder in them that end in .ts, .tsx, .sql or .md
 * (`apps/api/src/main.ts`, `media/upload-form.ts`, `./processes.ts`, `@workshop/domain/money.ts`,
 * `#server/config.ts`), and fails on each that leads to no file.
 *
 * A path is looked for from its file's folder and every folder above it, from every workspace and
 * the folders its package.json maps (`src/`, `app/`…), and through the workspaces' package names
 * and `#` imports. A decision record may keep a path as it was when the path is followed by where
 * it is now or that it is gone: "`server/db/client.ts`, now `apps/api/src/db/client.ts`", "…`, gone: …".
 */
const root = path.resolve(import.meta.dirname, "../../..");

/** Paths that lead nowhere in this repository on purpose (or for now), each with why. */
const allowed = new Map([
  ["apps/api/src/db/migrations/NNNN_name.sql", "the pattern of a migration's name"],
  ["shared/reference/xendit.md", "the project's shared folder, beside the repository"],
]);

type Manifest = { name: string; workspaces?: string[]; exports?: Record<string, unknown>; imports?: Record<string, unknown> };
const manifestOf = (folder: string): Manifest => JSON.parse(readFileSync(path.join(folder, "package.json"), "utf8"));

const workspaces = (manifestOf(root).workspaces ?? [])
  .flatMap((pattern) =>
    pattern.endsWith("/*")
      ? readdirSync(path.join(root, pattern.slice(0, -2))).map((name) => path.join(root, pattern.slice(0, -2), name))
      : [path.join(root, pattern)],
  )
  .filter((folder) => existsSync(path.join(folder, "package.json")));

/** Each workspace's `exports` and `imports` with a `*`, as [prefix a path starts with, folder it means]. */
const aliases = workspaces.flatMap((folder) => {
  const manifest = manifestOf(folder);
  return Object.entries({ ...manifest.exports, ...manifest.imports }).flatMap(([key, target]) => {
    if (!key.endsWith("*") || typeof target !== "string" || !target.endsWith("*")) return [];
    const prefix = key.startsWith("#") ? key.slice(0, -1) : `${manifest.name}/${key.slice(2, -1)}`;
    return [[prefix, path.join(folder, target.slice(0, -1))] as const];
  });
});
const bases = [...workspaces, ...aliases.map(([, folder]) => folder)];

/** Whether a path leads to a file: through a package name or `#` import, else from a folder of the file's or a workspace's. */
function resolves(file: string, reference: string): boolean {
  const through = ([prefix, folder]: readonly [string, string]) =>
    reference.startsWith(prefix) && existsSync(path.join(folder, reference.slice(prefix.length)));
  if (/^[@#]/.test(reference)) return aliases.some(through);
  const above: string[] = [];
  for (let folder = path.dirname(path.join(root, file)); folder.startsWith(root); folder = path.dirname(folder)) above.push(folder);
  return [...above, ...bases].some((folder) => existsSync(path.join(folder, reference)));
}

/** A path with at least one folder, between spaces, quotes, backticks, brackets or punctuation. */
const reference = /(?<=^|[\s`'"([])(?:[@#.]?[\w.-]+\/)+[\w.-]+\.(?:tsx?|sql|md)(?=$|[\s`'"),.:;#\]])/g;
/** What says, right after a path, that it is history: "(now `…`)", ", now `…`", ", gone". */
const history = /^`?(?:,\s+|\s+\()(?:now|gone)\b/;

/** The comment lines of a TypeScript file (whole-line and trailing `//` comments); other lines are left empty. */
const commentsOf = (source: string) =>
  source
    .split("\n")
    .map((line) => (/^\s*(\/\/|\/\*|\*|\{\/\*)/.test(line) ? line : (line.match(/\s\/\/\s.*$/)?.[0] ?? "")))
    .join("\n");

/** The references of a file that lead nowhere, as "file:line: path". */
function staleReferences(file: string, source: string): string[] {
  const text = (file.endsWith(".md") ? source : commentsOf(source)).replace(/\b[a-z]+:\/\/[^\s`'")]+/g, "");
  return [...text.matchAll(reference)]
    .filter(({ 0: named, index }) => !allowed.has(named) && !history.test(text.slice(index + named.length)) && !resolves(file, named))
    .map(({ 0: named, index }) => `${file}:${text.slice(0, index).split("\n").length}: ${named}`);
}

describe("files named in comments and documents", () => {
  it("finds a path in a comment that leads nowhere, and leaves code, history and what exists alone", () => {
    const source = [
      "// The making time of lib/delivery.ts, read by media/upload-form.ts.",
      `const where = "lib/images.ts"; ${"//"} see ../x/y.ts`,
      "/** The old `server/http/app.ts`, gone: Fastify's (`server/db/client.ts`, now `db/client.ts`). */",
    ].join("\n");
    expect(staleReferences("apps/api/src/example.ts", source)).toEqual([
      "apps/api/src/example.ts:1: lib/delivery.ts",
      "apps/api/src/example.ts:2: ../x/y.ts",
    ]);
  });

  it("are all there", () => {
    const tracked = execFileSync("git", ["ls-files", "-z", "--", "*.ts", "*.tsx", "*.md"], { cwd: root, encoding: "utf8" })
      .split("\0")
      .filter((file) => file && existsSync(path.join(root, file)));
    expect(tracked.flatMap((file) => staleReferences(file, readFileSync(path.join(root, file), "utf8")))).toEqual([]);
  });
});
