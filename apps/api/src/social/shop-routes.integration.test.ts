import { socialFeedAnswer } from "@workshop/domain/shop-api/social.ts";
import { SOCIAL_STRIP_COUNT } from "@workshop/domain/social.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#test-support/test-app.ts";

let test: TestApp;
beforeAll(async () => {
  delete process.env.INSTAGRAM_ACCESS_TOKEN;
  test = await startTestApp();
});
afterAll(() => test?.close());

describe("GET /api/shop/social", () => {
  it("gives the strip's posts: without an Instagram token, the shop's own placeholders", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/shop/social?count=100&username=someone" });
    expect(response.statusCode).toBe(200);
    const { posts } = socialFeedAnswer.parse(response.json());
    expect(posts).toHaveLength(SOCIAL_STRIP_COUNT);
    expect(posts.every((p) => p.media_url.startsWith("/images/instagram/"))).toBe(true);
  });

  it("is a read only", async () => {
    expect((await test.app.inject({ method: "POST", url: "/api/shop/social", payload: {} })).statusCode).toBe(404);
  });
});
