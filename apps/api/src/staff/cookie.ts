import { config } from "#server/config.ts";

/**
 * The staff session cookie: HttpOnly, SameSite=Lax, and on an https shop Secure with the
 * `__Host-` prefix (so no subdomain or plain-http page can set or read it). It holds only the
 * session's random id; the database keeps its hash.
 */
const secure = () => config().publicUrl.startsWith("https://");
const name = () => (secure() ? "__Host-staff" : "staff");
const MAX_AGE_SECONDS = 7 * 24 * 3600;

export function staffSessionId(request: Request): string | null {
  const header = request.headers.get("cookie") ?? "";
  const wanted = `${name()}=`;
  for (const part of header.split(";")) {
    const pair = part.trim();
    if (pair.startsWith(wanted)) return pair.slice(wanted.length) || null;
  }
  return null;
}

export function staffCookie(id: string): string {
  return `${name()}=${id}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure() ? "; Secure" : ""}`;
}

export function clearedStaffCookie(): string {
  return `${name()}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure() ? "; Secure" : ""}`;
}
