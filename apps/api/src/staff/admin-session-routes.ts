import { errorAnswer, sessionAnswer, sessionSettingsRequest, signInRequest } from "@workshop/domain/staff-api.ts";
import type { FastifyPluginAsync } from "fastify";
import { AppError } from "#server/errors.ts";
import { headerOf } from "#server/http/caller.ts";
import { checkedBody, methodNotAllowed } from "#server/plugins/json-api.ts";
import { adminSignIn, adminSignOut, changeSessionLocale, sessionAnswerOf } from "./admin-session.ts";
import { clearStaffCookie, setStaffCookie } from "./cookie.ts";
import { isStaffOrigin, requireStaffSession, staffOf } from "./guard.ts";

const answered = { 200: sessionAnswer, 429: errorAnswer };
const answers = { schema: { response: answered } };

/** The staff console's session (packages/domain/src/staff-api.ts), kept in the staff cookie (cookie.ts). */
export const sessionAdminRoutes: FastifyPluginAsync = async (app) => {
  // Who is signed in is nobody's to keep: not a browser's cache, not a proxy's.
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  /** GET /api/admin/session: the signed-in person and their writes' token; 401 when none. */
  app.get("/api/admin/session", answers, async (request) => {
    const context = await staffOf(request);
    if (!context) throw new AppError("unauthorized", "Not signed in");
    return sessionAnswerOf(context);
  });

  /**
   * POST /api/admin/session {email, password}: signs in (sign-in.ts: its limits and audit),
   * sets the session cookie. 400 naming a missing field, 401 a wrong pair, 429 `{error, retryAfter}`.
   * Only from the shop's or the console's pages: another site must not sign a browser in to its own
   * account (login CSRF).
   */
  app.post("/api/admin/session", { schema: { body: signInRequest, response: answered } }, async (request, reply) => {
    if (!isStaffOrigin(request)) throw new AppError("forbidden", "Cross-site request refused");
    const { email, password } = checkedBody(request, signInRequest, "Enter your e-mail and password", { email: "", password: "" });
    const result = await adminSignIn({ email, password, ip: request.ip, userAgent: headerOf(request, "user-agent") });
    if (result.ok) return setStaffCookie(reply, result.sessionId).send(result.answer);
    if (result.reason === "invalid") throw new AppError("unauthorized", "Wrong e-mail or password");
    const minutes = Math.ceil(result.retryAfter / 60);
    return reply
      .code(429)
      .header("Retry-After", String(result.retryAfter))
      .send({ error: `Too many failed sign-ins. Try again in ${minutes} min.`, retryAfter: result.retryAfter });
  });

  /** PATCH /api/admin/session {locale} (a write: X-CSRF-Token): the person's own admin language. */
  app.patch("/api/admin/session", { schema: { body: sessionSettingsRequest, response: answered } }, async (request) => {
    const context = await requireStaffSession(request);
    const { locale } = checkedBody(request, sessionSettingsRequest, "Choose en or ru");
    return changeSessionLocale(context, locale);
  });

  /** DELETE /api/admin/session (a write: X-CSRF-Token): signs out this browser; 204. */
  app.delete("/api/admin/session", async (request, reply) => {
    const context = await requireStaffSession(request);
    await adminSignOut(context);
    return clearStaffCookie(reply).code(204).send();
  });

  app.put("/api/admin/session", methodNotAllowed("GET, POST, PATCH, DELETE"));
};
