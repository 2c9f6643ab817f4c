import { describe, expect, inject, it } from "vitest";
import { baseURL } from "./fixtures.ts";

/** The shop runs without a Xendit key here: a demo, and it must say so everywhere. */
const get = (path: string, headers: Record<string, string> = {}) => fetch(baseURL() + path, { redirect: "manual", headers });

describe("demo shop (no Xendit key)", () => {
  it.each([
    ["en", "Demo shop: no real payments"],
    ["ru", "Демо-магазин: реальные платежи не проводятся"],
  ])("every page shows the demo banner (%s)", async (lang, text) => {
    const prefix = lang === "ru" ? "/ru" : "";
    for (const path of [
      prefix || "/",
      ...["/products", "/products/1", "/contact", "/checkout/confirmation", "/no-such-page"].map((p) => prefix + p),
    ]) {
      const response = await get(path, { "accept-language": lang });
      expect(await response.text(), path).toContain(text);
    }
  });

  it("says so when it starts", () => {
    const log = inject("startLog");
    if (log) expect(log).toContain("Demo shop: no Xendit key");
  });

  it("answers the sandbox's control API only to staff, not to any local caller in production mode", async () => {
    const control = (headers: Record<string, string> = {}) => get("/_sandbox/xendit/_control/payment_requests", headers);
    for (const headers of [{}, { authorization: "Bearer not-the-staff-token" }] as Record<string, string>[]) {
      const refused = await control(headers);
      expect(refused.status).toBe(403);
      expect(JSON.stringify(await refused.json())).not.toContain("pr-");
    }
    const staff = await control({ authorization: `Bearer ${inject("staffToken")}` });
    expect(staff.status).toBe(200);
  });

  it("keeps the sandbox's Xendit API to the shop itself: a key read in the source pays nothing", async () => {
    const key = `Basic ${Buffer.from("xnd_development_local_sandbox:").toString("base64")}`;
    const headers = { authorization: key, "api-version": "2024-11-11", "content-type": "application/json" };
    const simulate = await fetch(`${baseURL()}/_sandbox/xendit/v3/payment_requests/pr-00000000-0000-4000-8000-000000000000/simulate`, {
      method: "POST",
      headers,
      body: "{}",
    });
    expect(simulate.status).toBe(401);
  });

  it("refuses the control API however its path is spelled", async () => {
    for (const path of [
      "/_sandbox/xendit/_CONTROL/payment_requests",
      "/_sandbox/xendit/_Control/sessions",
      "/_SANDBOX/Xendit/_control/sessions",
    ]) {
      const refused = await get(path);
      expect([403, 404], path).toContain(refused.status);
      // Never the list of payments (a JSON array), whatever answers the refusal.
      expect((await refused.text()).trimStart().startsWith("["), path).toBe(false);
    }
  });
});
