import { type SessionAnswer, sessionAnswer } from "@workshop/domain/staff-api.ts";
import { redirect, useRouteLoaderData } from "react-router";
import { ApiError, api, setCsrfToken } from "#admin/api/client.ts";

/** The signed-in session as the API last told it, or null once it said there is none. */
let current: SessionAnswer | null = null;

export function rememberSession(session: SessionAnswer | null): void {
  current = session;
  setCsrfToken(session?.csrfToken ?? null);
}

/** Who is signed in (asked once, then known); signed out: null. */
export async function loadSession(): Promise<SessionAnswer | null> {
  if (current) return current;
  try {
    rememberSession(await api("/api/admin/session", { answer: sessionAnswer }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
  return current;
}

/** The console's pages need a session: without one, the sign-in page, then back here. */
export async function requireSession(request: Request): Promise<SessionAnswer> {
  const session = await loadSession();
  if (session) return session;
  const url = new URL(request.url);
  throw redirect(`/admin/login?next=${encodeURIComponent(url.pathname + url.search)}`);
}

/** The session of the console's shell (its loader's data). */
export function useSession(): SessionAnswer {
  const session = useRouteLoaderData("shell") as SessionAnswer | undefined;
  if (!session) throw new Error("useSession outside the signed-in shell");
  return current ?? session;
}

/** A call that found the session over (401): back to the sign-in page. */
export function signedOutRedirect(error: unknown): never {
  if (error instanceof ApiError && error.status === 401) {
    rememberSession(null);
    throw redirect(`/admin/login?next=${encodeURIComponent(location.pathname + location.search)}`);
  }
  throw error;
}
