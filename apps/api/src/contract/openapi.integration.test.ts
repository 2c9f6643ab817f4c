import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";
import { contractText, currentContractFile } from "./contract-files.ts";

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test?.close());

type Document = { info: { title: string; version: string }; paths: Record<string, Record<string, Operation>> };
type Operation = { responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }> };

describe("GET /openapi.json", () => {
  it("answers the API's OpenAPI document, its version the API's", async () => {
    const response = await test.app.inject({ method: "GET", url: "/openapi.json" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    // The same security headers as every answer of the API.
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    const document = response.json() as Document;
    const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
    expect(document.info).toMatchObject({ title: "Bali Hat Workshop API", version });
  });

  it("describes a route's answer by its zod schema: the product page's product and its fields", async () => {
    const document = (await test.app.inject({ method: "GET", url: "/openapi.json" })).json() as Document;
    const answer = document.paths["/api/shop/products/{id}"]?.get?.responses["200"]?.content?.["application/json"]?.schema;
    const product = answer?.properties?.product as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(product.properties)).toEqual(expect.arrayContaining(["id", "name", "priceCents", "images", "sizes"]));
    expect(product.required).toContain("priceCents");
  });

  it("leaves out a path's refusals of other methods, the health probes and the payment sandbox", async () => {
    const document = (await test.app.inject({ method: "GET", url: "/openapi.json" })).json() as Document;
    expect(Object.keys(document.paths["/api/shop/contact"] ?? {})).toEqual(["post"]);
    expect(Object.keys(document.paths).filter((path) => !path.startsWith("/api/"))).toEqual([]);
  });
});

describe("contract/openapi.json", () => {
  it("is the document the code makes (else run `npm run contract -w @workshop/api` and commit it)", () => {
    const committed = readFileSync(currentContractFile, "utf8");
    expect(committed, "contract/openapi.json is out of date: run `npm run contract -w @workshop/api` and commit it").toBe(
      contractText(test.app),
    );
  });
});
