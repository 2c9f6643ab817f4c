import { z } from "zod";

/** What the console needs to know at run time: where the API answers (API_URL). */
export type ConsoleConfig = { apiUrl: string };

const origin = z
  .string()
  .url()
  .refine((value) => /^https?:\/\/[^/]+\/?$/.test(value), "an http(s) origin without a path, e.g. https://api.shop.example")
  .transform((value) => value.replace(/\/$/, ""));

/**
 * API_URL, else the API on this machine (API_PORT, 4000). A value that is no origin stops the start
 * with a message that says so.
 */
export function consoleConfig(env: Record<string, string | undefined>): ConsoleConfig {
  const given = env.API_URL || `http://localhost:${env.API_PORT || 4000}`;
  const parsed = origin.safeParse(given);
  if (!parsed.success) throw new Error(`API_URL must be ${parsed.error.issues[0]?.message}; it is "${given}"`);
  return { apiUrl: parsed.data };
}
