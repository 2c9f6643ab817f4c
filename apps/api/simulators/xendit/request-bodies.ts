import type { FastifyInstance } from "fastify";

const JSON_LIMIT = 1024 * 1024;

/**
 * Reads `application/json` bodies up to 1 MB as the simulator always has (Express's json parser):
 * an empty body is `{}`, only an object or an array may stand at the top (so `null` or `"x"` is
 * refused, not taken as "no body"), and anything unparsable is a 400 naming the parse error.
 */
export function readJsonBodies(instance: FastifyInstance): void {
  instance.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: JSON_LIMIT }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(null, {});
    if (!/^[ \t\n\r]*[{[]/.test(text)) return done(unreadable(new SyntaxError("the body must be a JSON object or array")));
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      done(unreadable(error as Error));
    }
  });
}

/** Bodies of any other type stay unread, as they did under Express: the handler sees no body. */
export function leaveOtherBodiesUnread(instance: FastifyInstance): void {
  instance.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
}

const unreadable = (error: Error) => Object.assign(error, { statusCode: 400 });
