import { describe, expect, it, vi } from "vitest";
import { AppError } from "#server/errors.ts";
import { jsonEndpoint } from "./api-errors.ts";

const failing = (error: unknown) => jsonEndpoint(() => Promise.reject(error))({});

describe("errors of JSON endpoints", () => {
  it("an AppError becomes {error, details?} with its status", async () => {
    const response = await failing(new AppError("invalid", "Invalid order", [{ path: "total" }]));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Invalid order", details: [{ path: "total" }] });
    expect((await failing(new AppError("unauthorized", "A valid staff token is required"))).status).toBe(401);
  });

  it("anything else is an opaque JSON 500", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await failing(new Error("connection refused at 10.0.0.3"));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: "Internal server error" });
    log.mockRestore();
  });

  it("a thrown Response is the answer; a returned one passes through", async () => {
    const gone = new Response("gone", { status: 410 });
    expect(await failing(gone)).toBe(gone);
    const ok = Response.json({ ok: true });
    expect(await jsonEndpoint(async () => ok)({})).toBe(ok);
  });
});
