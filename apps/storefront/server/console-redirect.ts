import { settleUnreadBody } from "@workshop/http/unread-body.ts";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";

/**
 * The shop's old staff addresses (/admin and /admin/...) belong to the staff console on its own
 * origin (ADMIN_URL): a bookmark or an e-mail's link lands on the same page there. 302, not 301: a
 * browser would keep a permanent answer even after the owner moves the console. A form sent to an
 * old page (a tab left open) goes on as a visit (303): the console takes no form posts.
 */
export const consoleRedirect: FastifyPluginAsync<{ adminUrl: string; publicUrl: string }> = async (app, { adminUrl, publicUrl }) => {
  // The console proxied under the shop's own origin: the proxy sends /admin there, never here.
  if (adminUrl === new URL(publicUrl).origin) return;

  // A body sent along is never read: it is drained after the answer (unread-body.ts).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));

  const handler = (request: FastifyRequest, reply: FastifyReply) => {
    const status = request.method === "GET" || request.method === "HEAD" ? 302 : 303;
    // The path and query only: an absolute-form request line must not choose the host.
    const asked = new URL(request.originalUrl, "http://shop.invalid");
    settleUnreadBody(request, reply);
    return reply.header("Cache-Control", "no-store").redirect(`${adminUrl}${asked.pathname}${asked.search}`, status);
  };
  app.all("/admin", handler);
  app.all("/admin/*", handler);
};
