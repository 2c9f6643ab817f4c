import fastifyCors from "@fastify/cors";
import { CSRF_HEADER } from "@workshop/domain/staff-api.ts";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";

/**
 * Cross-origin calls to the API from the listed origins only (the staff console's and, where set,
 * CORS_ORIGINS; not the shop's, whose pages call through its own origin), with credentials, JSON bodies and the staff's CSRF token. Any
 * other origin gets no CORS header at all: its page cannot read an answer, and its browser never
 * sends a preflighted write.
 */
const corsPlugin: FastifyPluginAsync<{ origins: readonly string[] }> = async (app, { origins }) => {
  const listed = new Set(origins);
  await app.register(fastifyCors, {
    origin: (origin, callback) => callback(null, origin !== undefined && listed.has(origin)),
    credentials: true,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    allowedHeaders: ["Content-Type", CSRF_HEADER, "Authorization"],
    // So the console can read when a refused sign-in may try again.
    exposedHeaders: ["Retry-After"],
    maxAge: 600,
  });
};

/** For every route of the app that registers it (not only this plugin's own scope). */
export const cors = fp(corsPlugin, { name: "cors" });
