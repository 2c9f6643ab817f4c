import { errorAnswer, sessionAnswer, sessionSettingsRequest, signInRequest } from "@workshop/domain/staff-api.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "#server/errors.ts";
import { headerOf } from "#server/http/caller.ts";
import { checkedBodyOf, methodNotAllowed } from "#server/plugins/json-api.ts";
import { adminSignIn, adminSignOut, changeSessionLocale, sessionAnswerOf } from "./admin-session.ts";
import { clearStaffCookie, setStaffCookie } from "./cookie.ts";
import { isStaffOrigin } from "./guard.ts";

const answered = { 200: sessionAnswer, 429: errorAnswer };
const answers = { schema: { response: answered } };

/** The staff console's session (packages/domain/src/staff-api.ts), kept in the staff cookie (cookie.ts). */
export const sessionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Who is signed in is nobody's to keep: not a browser's cache, not a proxy's.
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  /** GET /api/admin/session: the signed-in person and their writes' token; 401 when none. */
  app.get("/api/admin/session", { config: { role: "person" }, ...answers }, async (request) => sessionAnswerOf(request.staff));

  /**
   * POST /api/admin/session {email, password}: signs in (sign-in.ts: its limits and audit),
   * sets the session cookie. 400 naming a missing field, 401 a wrong pair, 429 `{error, retryAfter}`.
   * Only from the shop's or the console's pages: another site must not sign a browser in to its own
   * account (login CSRF).
   */
  app.post(
    "/api/admin/session",
    {
      config: { role: "anyone" },
      // Another site must not sign a browser in: refused before the form is judged.
      preValidation: async (request) => {
        if (!isStaffOrigin(request)) throw new AppError("forbidden", "Cross-site request refused");
      },
      schema: { body: checkedBodyOf(signInRequest, "Enter your e-mail and password", { email: "", password: "" }), response: answered },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const result = await adminSignIn({ email, password, ip: request.ip, userAgent: headerOf(request, "user-agent") });
      if (result.ok) return setStaffCookie(reply, result.sessionId).send(result.answer);
      if (result.reason === "invalid") throw new AppError("unauthorized", "Wrong e-mail or password");
      const minutes = Math.ceil(result.retryAfter / 60);
      return reply
        .code(429)
        .header("Retry-After", String(result.retryAfter))
        .send({ error: `Too many failed sign-ins. Try again in ${minutes} min.`, retryAfter: result.retryAfter });
    },
  );

  /** PATCH /api/admin/session {locale} (a write: X-CSRF-Token): the person's own admin language. */
  app.patch(
    "/api/admin/session",
    { config: { role: "person" }, schema: { body: checkedBodyOf(sessionSettingsRequest, "Choose en or ru"), response: answered } },
    async (request) => {
      const { locale } = request.body;
      return changeSessionLocale(request.staff, locale);
    },
  );

  /** DELETE /api/admin/session (a write: X-CSRF-Token): signs out this browser; 204. */
  app.delete("/api/admin/session", { config: { role: "person" } }, async (request, reply) => {
    await adminSignOut(request.staff);
    return clearStaffCookie(reply).code(204).send();
  });

  app.put("/api/admin/session", methodNotAllowed("GET, POST, PATCH, DELETE"));
};
