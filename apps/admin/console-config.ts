import { z } from "zod";

/**
 * What the console's pages need to know at run time (/config.json): where the API answers (API_URL)
 * and the shop's own address (PUBLIC_URL), where a product's page and its photos are.
 */
export type ConsoleConfig = { apiUrl: string; shopUrl: string };

const origin = z
  .string()
  .url()
  .refine((value) => /^https?:\/\/[^/]+\/?$/.test(value), "an http(s) origin without a path, e.g. https://api.shop.example")
  .transform((value) => value.replace(/\/$/, ""));

/** An http(s) address (the shop's may have a path), without its trailing slash. */
const address = z
  .url({ protocol: /^https?$/, error: "an http(s) address, e.g. https://shop.example" })
  .transform((value) => value.replace(/\/$/, ""));

function parsed<T>(schema: z.ZodType<T, string>, name: string, given: string): T {
  const result = schema.safeParse(given);
  if (!result.success) throw new Error(`${name} must be ${result.error.issues[0]?.message}; it is "${given}"`);
  return result.data;
}

/**
 * API_URL, else the API on this machine (API_PORT, 4000); PUBLIC_URL, else the shop on this machine
 * (PORT, 3000), as the API takes them. A value that is no address stops the start with a message.
 */
export function consoleConfig(env: Record<string, string | undefined>): ConsoleConfig {
  return {
    apiUrl: parsed(origin, "API_URL", env.API_URL || `http://localhost:${env.API_PORT || 4000}`),
    shopUrl: parsed(address, "PUBLIC_URL", env.PUBLIC_URL || `http://localhost:${env.PORT || 3000}`),
  };
}

/** What only the console's own server needs: its origin (ADMIN_URL, else this machine's ADMIN_PORT). */
export type ServerConfig = ConsoleConfig & { adminUrl: string };

export function serverConfig(env: Record<string, string | undefined>): ServerConfig {
  return { ...consoleConfig(env), adminUrl: parsed(origin, "ADMIN_URL", env.ADMIN_URL || `http://localhost:${env.ADMIN_PORT || 3001}`) };
}
