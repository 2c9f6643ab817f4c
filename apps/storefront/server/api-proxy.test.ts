import { describe, expect, it } from "vitest";
import { headersForApi } from "./api-proxy.ts";

describe("the headers the API gets for a forwarded request", () => {
  it("name the client and scheme the storefront saw, and drop every forwarding header the client sent", () => {
    const sent = {
      host: "localhost:4000",
      accept: "application/json",
      cookie: "cart=1",
      "content-type": "application/json",
      "x-forwarded-for": "198.51.100.7",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      "x-forwarded-port": "443",
      "x-forwarded-prefix": "/admin",
      forwarded: "for=198.51.100.7;host=evil.example",
      "x-real-ip": "198.51.100.7",
      "x-client-ip": "198.51.100.7",
      "true-client-ip": "198.51.100.7",
      "x-catalog-version": "1000000",
      "x-shop-client-ip": "198.51.100.7",
    };
    expect(headersForApi({ ip: "203.0.113.5", protocol: "http" }, sent)).toEqual({
      host: "localhost:4000",
      accept: "application/json",
      cookie: "cart=1",
      "content-type": "application/json",
      "x-forwarded-for": "203.0.113.5",
      "x-forwarded-proto": "http",
    });
  });
});
