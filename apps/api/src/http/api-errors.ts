import { errorResponse } from "#server/errors.ts";

/**
 * The one place where an error of a JSON endpoint (/api/…) becomes its answer: an AppError is
 * `{error}` with its status, anything else an opaque 500 (server/errors.ts); a thrown Response is
 * the answer itself. Endpoints just throw. (React Router answers an error of a resource route
 * before any middleware sees it, hence a wrapper around the loader or action.)
 */
export function jsonEndpoint<Args>(handler: (args: Args) => Promise<Response>): (args: Args) => Promise<Response> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      return error instanceof Response ? error : errorResponse(error);
    }
  };
}
