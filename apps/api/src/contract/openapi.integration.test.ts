import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSession } from "#server/staff/sessions.ts";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";
import { contractText, currentContractFile } from "./contract-files.ts";

const MACHINE = "contract-tests-staff-token-0123456789";
process.env.ADMIN_API_TOKEN = MACHINE;

let test: TestApp;
let cookie: string;
beforeAll(async () => {
  test = await startTestApp();
  const account = await test.database.db
    .insertInto("staffAccounts")
    .values({ email: "made@workshop.test", name: "Made", role: "staff", passwordHash: "not used here" })
    .returning("id")
    .executeTakeFirstOrThrow();
  cookie = `staff=${(await startSession(account.id, { ip: "127.0.0.1", userAgent: "test" })).id}`;
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

describe("GET /openapi.json by who asks", () => {
  const documentFor = async (headers: Record<string, string> = {}) => {
    const response = await test.app.inject({ method: "GET", url: "/openapi.json", headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers.vary).toMatch(/Authorization, Cookie/);
    expect(response.headers["cache-control"]).toBe("private, no-cache");
    return response.json() as Document;
  };
  const operations = (document: Document) =>
    Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
  const whole = () => JSON.parse(readFileSync(currentContractFile, "utf8")) as Document;

  it("shows a stranger the public operations only: no staff endpoint", async () => {
    for (const headers of [{}, { authorization: "Bearer not-the-token" }, { cookie: `staff=${"A".repeat(43)}` }] as Record<
      string,
      string
    >[]) {
      const shown = operations(await documentFor(headers));
      expect(shown).toEqual(expect.arrayContaining(["get /api/shop/products/{id}", "post /api/orders", "post /api/custom-orders/uploads"]));
      expect(shown.filter((op) => op.includes("/api/admin/"))).toEqual([]);
      for (const staffOnly of [
        "post /api/products",
        "put /api/products/{id}",
        "get /api/orders",
        "post /api/uploads",
        "get /api/custom-orders",
      ])
        expect(shown).not.toContain(staffOnly);
    }
  });

  it("lists no operation a stranger is refused as a stranger (401/403)", async () => {
    for (const operation of operations(await documentFor())) {
      const [method, path] = operation.split(" ") as [string, string];
      const url = path.replace(/\{[^}]+\}/g, "1");
      const answer = await test.app.inject({
        method: method.toUpperCase() as "GET",
        url,
        headers: { "content-type": "application/json" },
        payload: method === "get" ? undefined : "{}",
      });
      expect([401, 403], `${operation}: ${answer.statusCode}`).not.toContain(answer.statusCode);
    }
  });

  it("shows staff (the machine's token, a signed-in session) the whole document, as released", async () => {
    const expected = operations(whole()).sort();
    expect(operations(await documentFor({ authorization: `Bearer ${MACHINE}` })).sort()).toEqual(expected);
    expect(operations(await documentFor({ cookie })).sort()).toEqual(expected);
    expect(expected.filter((op) => op.includes("/api/admin/")).length).toBeGreaterThan(20);
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
