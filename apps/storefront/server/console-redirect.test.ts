import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleRedirect } from "./console-redirect.ts";

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(consoleRedirect, { adminUrl: "https://admin.shop.example", publicUrl: "https://shop.example" });
});
afterAll(() => app.close());

describe("the shop's old staff addresses", () => {
  it.each(["/admin", "/admin/orders?status=PAID&page=2", "/admin/orders/12", "/admin/login?next=%2Fadmin%2Finbox", "/admin/inbox/42"])(
    "GET %s lands on the same page of the console",
    async (path) => {
      const answer = await app.inject(path);
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe(`https://admin.shop.example${path}`);
      expect(answer.headers["cache-control"]).toBe("no-store");
    },
  );

  it("sends a form posted to an old page on as a visit (303), its body unread", async () => {
    const answer = await app.inject({
      method: "POST",
      url: "/admin/orders/12",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      payload: "intent=mark-paid&_token=x",
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe("https://admin.shop.example/admin/orders/12");
  });

  it("never lets the request choose the host it is sent to", async () => {
    for (const url of ["//evil.example/admin", "/admin//evil.example", "/admin/%2F%2Fevil.example"]) {
      const answer = await app.inject(url);
      if (answer.statusCode === 302) expect(new URL(answer.headers.location as string).origin, url).toBe("https://admin.shop.example");
      else expect(answer.statusCode, url).toBe(404);
    }
  });

  it("leaves the shop's other pages and the staff API alone", async () => {
    expect((await app.inject("/administrator")).statusCode).toBe(404);
    expect((await app.inject("/api/admin/session")).statusCode).toBe(404);
  });

  it("answers nothing when the console is served under the shop's own origin (the proxy sends /admin there)", async () => {
    const same = Fastify();
    await same.register(consoleRedirect, { adminUrl: "https://shop.example", publicUrl: "https://shop.example" });
    expect((await same.inject("/admin/orders")).statusCode).toBe(404);
    await same.close();
  });
});
