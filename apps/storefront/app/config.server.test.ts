import { afterEach, describe, expect, it, vi } from "vitest";

/** The configuration as a fresh start reads it from `env` (it is read once per process). */
async function configWith(env: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  const { storefrontConfig } = await import("./config.server.ts");
  return storefrontConfig();
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("where the storefront finds the API", () => {
  it("is the API on this machine on API_PORT when API_URL is not set, as npm start runs them", async () => {
    expect((await configWith({ API_URL: undefined, API_PORT: "5151" })).apiUrl).toBe("http://localhost:5151");
    expect((await configWith({ API_URL: undefined, API_PORT: undefined })).apiUrl).toBe("http://localhost:4000");
  });

  it("is API_URL when it is set, whatever API_PORT says", async () => {
    expect((await configWith({ API_URL: "https://api.example.com/", API_PORT: "5151" })).apiUrl).toBe("https://api.example.com");
  });

  it("refuses an API_PORT that is no port", async () => {
    await expect(configWith({ API_URL: undefined, API_PORT: "http" })).rejects.toThrow(/API_PORT/);
  });
});
