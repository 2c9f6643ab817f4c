import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { breakingChanges } from "./breaking-changes.ts";
import { readContract } from "./contract-files.ts";
import { bumpsApiMajor, isMajorRelease } from "./major-release.ts";

// A small document shaped as the API's (zod's JSON Schema: closed objects, required lists, anyOf for null).
const fixture = (name: string) => readContract(new URL(`../../contract/fixtures/${name}.json`, import.meta.url));
const released = fixture("released");

type Schema = { type?: string; properties: Record<string, Schema>; required: string[]; maxLength?: number };
type Operation = {
  parameters: { in: string; name: string; required: boolean; schema: object }[];
  requestBody: { content: { "application/json": { schema: Schema } } };
};
/** The released fixture changed by `change`. */
function changed(change: (paths: Record<string, Record<string, Operation>>) => void): object {
  const copy = structuredClone(released) as { paths: Record<string, Record<string, Operation>> };
  change(copy.paths);
  return copy;
}
const contactBody = (paths: Record<string, Record<string, Operation>>) =>
  paths["/api/shop/contact"]!.post!.requestBody.content["application/json"].schema;

describe("breakingChanges", () => {
  it("finds none between a document and itself", () => {
    expect(breakingChanges(released, released)).toEqual([]);
  });

  it("names the operation and the field of a removed response field", () => {
    expect(breakingChanges(released, fixture("response-field-removed"))).toEqual([
      "GET /api/shop/products/{id}: response 200: field product.priceCents removed",
    ]);
  });

  it("lets a caller's additions through: a new path, an optional query parameter, body field or response field", () => {
    expect(breakingChanges(released, fixture("optional-additions"))).toEqual([]);
  });

  it("refuses a new required body field", () => {
    expect(breakingChanges(released, fixture("required-body-field"))).toEqual([
      "POST /api/shop/contact: request body: field subject is now required",
    ]);
  });

  it("refuses a removed path", () => {
    expect(breakingChanges(released, fixture("path-removed"))).toEqual(["GET /api/shop/versions: operation removed"]);
  });

  it("refuses a new required query parameter, and an optional one made required", () => {
    const added = changed((paths) => {
      paths["/api/shop/products/{id}"]!.get!.parameters.push({ in: "query", name: "currency", required: true, schema: { type: "string" } });
    });
    expect(breakingChanges(released, added)).toEqual(["GET /api/shop/products/{id}: query parameter currency added, required"]);
    const required = changed((paths) => {
      paths["/api/shop/products/{id}"]!.get!.parameters[1]!.required = true;
    });
    expect(breakingChanges(released, required)).toEqual(["GET /api/shop/products/{id}: query parameter lang is now required"]);
  });

  it("refuses an optional body field made required, and a narrower input type", () => {
    const required = changed((paths) => {
      contactBody(paths).required.push("lang");
    });
    expect(breakingChanges(released, required)).toEqual(["POST /api/shop/contact: request body: field lang is now required"]);
    const narrower = changed((paths) => {
      contactBody(paths).properties.name!.maxLength = 50;
      contactBody(paths).properties.message!.type = "integer";
    });
    expect(breakingChanges(released, narrower)).toEqual([
      "POST /api/shop/contact: request body: field name: maxLength changed from 100 to 50",
      'POST /api/shop/contact: request body: field message: type changed from "string" to "integer"',
    ]);
  });
});

describe("isMajorRelease", () => {
  const withChangesets = (files: Record<string, string>, check: (folder: URL) => void) => {
    const folder = mkdtempSync(path.join(tmpdir(), "changesets-"));
    try {
      for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
      check(pathToFileURL(`${folder}/`));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  };
  const readme = { "README.md": "# Releases\n" };

  it("is a major release when the API's version has a new major, whatever the changesets", () => {
    withChangesets(readme, (folder) => {
      expect(isMajorRelease({ version: "0.1.0" }, "1.0.0", folder)).toBe(true);
      expect(isMajorRelease({ version: "0.1.0" }, "0.2.0", folder)).toBe(false);
    });
  });

  it("is a major release when a waiting changeset bumps @workshop/api by a major, not another package or a minor", () => {
    const major = '---\n"@workshop/api": major\n"@workshop/domain": patch\n---\n\nThe old product list is gone.\n';
    withChangesets({ ...readme, "brave-hats-sing.md": major }, (folder) => {
      expect(isMajorRelease({ version: "0.1.0" }, "0.1.0", folder)).toBe(true);
    });
    const others = { "a.md": '---\n"@workshop/admin": major\n"@workshop/api": minor\n---\n\nx\n' };
    withChangesets({ ...readme, ...others }, (folder) => {
      expect(isMajorRelease({ version: "0.1.0" }, "0.1.0", folder)).toBe(false);
    });
    expect(bumpsApiMajor("---\n'@workshop/api': major\n---\n")).toBe(true);
    expect(bumpsApiMajor('Text that says "@workshop/api": major outside the front matter\n')).toBe(false);
  });
});
