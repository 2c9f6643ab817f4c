import { describe, expect, it } from "vitest";
import { sourceStems } from "./source-urls.ts";

// Read once, on first use: a shop on its own address with a bucket behind a CDN.
Object.assign(process.env, {
  PUBLIC_URL: "https://shop.example",
  S3_BUCKET: "shop-photos",
  S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
  S3_SECRET_ACCESS_KEY: "secret-example",
  S3_PUBLIC_URL: "https://cdn.shop.example/photos",
});

const stemOf = (address: string) => {
  try {
    return sourceStems([address]).stems[0];
  } catch {
    return null;
  }
};

describe("a reference photo's address", () => {
  it("is read as a stem of the shop's own storage in each form the shop gives photos out", () => {
    expect(stemOf("/media/1280/1732000000000-panama.jpg")).toBe("1732000000000-panama");
    expect(stemOf("https://shop.example/media/640/1732000000000-panama.webp")).toBe("1732000000000-panama");
    expect(stemOf("https://cdn.shop.example/photos/1732000000000-panama.png")).toBe("1732000000000-panama");
    expect(stemOf("https://cdn.shop.example/photos/variants/1732000000000-panama/320.avif")).toBe("1732000000000-panama");
  });

  it.each([
    "http://shop.example/media/1280/a.jpg",
    "https://shop.example:8443/media/1280/a.jpg",
    "https://cdn.shop.example/other/a.jpg",
    "https://cdn.shop.example/photos/private/custom-orders/a.jpg",
    "https://cdn.shop.example/photos/../secrets/a.jpg",
    "https://shop.example.evil.test/media/1280/a.jpg",
    "https://shop.example/media/1280/a.jpg#x",
    "https://shop.example/media/1280/a%2ejpg",
    "https://shop.example/media/1280/a.jpg ",
    "https://shop.example/media/1280/a\\b.jpg",
    "/media/1280/a.gif",
    "/media/1280/variants/a/1280.jpg",
    "javascript:alert(1)",
  ])("refuses %s", (address) => {
    expect(stemOf(address)).toBeNull();
  });

  it("keeps the first ten of more and says how many were cut", () => {
    const addresses = Array.from({ length: 12 }, (_, i) => `/media/320/photo-${i}.jpg`);
    expect(sourceStems(addresses)).toEqual({ stems: addresses.slice(0, 10).map((_, i) => `photo-${i}`), cut: 2 });
  });
});
