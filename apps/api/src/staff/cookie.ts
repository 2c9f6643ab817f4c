import type { FastifyReply } from "fastify";
import { config } from "#server/config.ts";
import type { Caller } from "#server/http/caller.ts";

/**
 * The staff session cookie: HttpOnly, SameSite=Lax, and on an https shop Secure with the
 * `__Host-` prefix (so no subdomain or plain-http page can set or read it). It holds only the
 * session's random id; the database keeps its hash.
 */
const secure = () => config().publicUrl.startsWith("https://");
const name = () => (secure() ? "__Host-staff" : "staff");
const MAX_AGE_SECONDS = 7 * 24 * 3600;
const options = (maxAge: number) => ({ path: "/", maxAge, httpOnly: true, sameSite: "lax", secure: secure() }) as const;

export function staffSessionId(request: Pick<Caller, "cookies">): string | null {
  return request.cookies[name()] || null;
}

/** Gives the browser this session: the answer's Set-Cookie. */
export function setStaffCookie(reply: FastifyReply, id: string): FastifyReply {
  return reply.setCookie(name(), id, options(MAX_AGE_SECONDS));
}

/** Ends this browser's session cookie. */
export function clearStaffCookie(reply: FastifyReply): FastifyReply {
  return reply.setCookie(name(), "", options(0));
}
