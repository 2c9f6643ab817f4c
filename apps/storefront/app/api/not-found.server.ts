import { ApiRefusal } from "./client.server.ts";

/** For a read's `.catch`: the API has no such thing (404) is null, for the page to say so; anything else goes on. */
export function nullIfNotFound(error: unknown): null {
  if (error instanceof ApiRefusal && error.status === 404) return null;
  throw error;
}
