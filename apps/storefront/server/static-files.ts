import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync } from "fastify";

/**
 * The storefront's built public files (`build/client`): one route per file, found when the server
 * starts, so a page request never costs a file-system lookup. File names under /assets carry a
 * content hash, so they never change; the others (favicon, images/…) are kept an hour.
 */
export const staticFiles: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  await app.register(fastifyStatic, {
    root: path.join(root, "build/client"),
    wildcard: false,
    index: false,
    dotfiles: "ignore",
    cacheControl: false,
    setHeaders: (reply, file) => {
      const hashed = file.includes(`${path.sep}assets${path.sep}`);
      reply.header("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    },
  });
};
