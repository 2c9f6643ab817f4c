import { shop } from "@workshop/domain/shop.ts";
import { socialPostList } from "@workshop/domain/spec-api/social.ts";
import type { FastifyPluginAsync } from "fastify";
import { searchParamsOf } from "#server/http/caller.ts";
import { methodNotAllowed } from "#server/plugins/json-api.ts";
import { parseCount, socialFeed } from "./instagram.ts";

/** The social feed's JSON endpoint. */
export const socialSpecRoutes: FastifyPluginAsync = async (app) => {
  /** GET /api/instagram?username&count: recent posts, or local placeholders. Always 200. */
  app.get("/api/instagram", { schema: { response: { 200: socialPostList } } }, async (request, reply) => {
    const query = searchParamsOf(request);
    const username = (query.get("username") ?? "").trim();
    const valid = /^[A-Za-z0-9._]{1,30}$/.test(username) ? username : shop.instagramHandle;
    const feed = await socialFeed(valid, parseCount(query.get("count")));
    return reply.header("X-Feed-Source", feed.source).send(feed.posts);
  });
  app.route({ method: ["POST", "PUT", "PATCH", "DELETE"], url: "/api/instagram", handler: methodNotAllowed("GET") });
};
