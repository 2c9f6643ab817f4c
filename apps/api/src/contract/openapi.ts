import fastifySwagger from "@fastify/swagger";
import { apiErrorAnswer } from "@workshop/domain/api-error.ts";
import { releaseOf } from "@workshop/http/release.ts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { isStaff } from "#server/auth/staff-token.ts";
import { documentedBody, isRefusal } from "#server/plugins/json-api.ts";
import { staffSessionId } from "#server/staff/cookie.ts";
import { staffOf } from "#server/staff/guard.ts";

const release = releaseOf(new URL("../../package.json", import.meta.url));

/**
 * The API's contract as an OpenAPI 3.1 document (`app.swagger()`), made from its routes' zod schemas
 * (packages/domain): params, queries, bodies and the answers of each route, and the error answer
 * every refusal has. Registered before the JSON API's routes, so it sees them all (and not the
 * health probes' nor the payment sandbox's, registered before it). Kept in contract/openapi.json,
 * where a test compares it with the last release's (decision 042).
 */
export async function describeRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Bali Hat Workshop API",
        version: release.version,
        description: "The shop's API, as the storefront and the staff console call it. A breaking change is a major release.",
      },
    },
    transform: documented,
  });
}

/**
 * The operations anyone may call (the shop's pages and SPEC section 7's public endpoints): every
 * other one is staff's. A list of what is public, so a new route is left out until it is named here.
 */
const publicOperations = new Set([
  "get /api/products",
  "get /api/products/{id}",
  "post /api/orders",
  "post /api/custom-orders",
  "post /api/custom-orders/uploads",
  "get /api/instagram",
  "get /api/rates/usd-idr",
  "post /api/xendit/payment-request",
  "get /api/xendit/payment-status",
]);

const isPublicOperation = (method: string, path: string) =>
  path.startsWith("/api/shop/") || publicOperations.has(`${method.toLowerCase()} ${path}`);

/** The document with the public operations only: what the staff endpoints are is no stranger's business. */
function publicDocument<T extends { paths?: object }>(whole: T): T {
  const paths = Object.entries(whole.paths ?? {}).flatMap(([path, operations]) => {
    const kept = Object.entries(operations as object).filter(([method]) => isPublicOperation(method, path));
    return kept.length > 0 ? [[path, Object.fromEntries(kept)] as const] : [];
  });
  return { ...whole, paths: Object.fromEntries(paths) };
}

/** Staff: the machine's token, or a staff cookie of a live session (no cookie: no lookup, no counted miss). */
async function fromStaff(request: FastifyRequest): Promise<boolean> {
  if (isStaff(request)) return true;
  return staffSessionId(request) !== null && (await staffOf(request)) !== null;
}

/**
 * GET /openapi.json: the document, for a caller to check what it relies on. Staff get all of it,
 * anyone else the public operations (the released file, contract/openapi.json, stays whole).
 */
export async function contractRoute(site: FastifyInstance): Promise<void> {
  let forAnyone: unknown;
  site.get("/openapi.json", { schema: { hide: true } }, async (request, reply) => {
    const whole = site.swagger();
    forAnyone ??= publicDocument(whole);
    reply.header("Cache-Control", "private, no-cache").header("Vary", "Authorization, Cookie");
    return reply.send((await fromStaff(request)) ? whole : forAnyone);
  });
}

/**
 * A route as the document shows it: none for a refusal (a method the path does not take), else its
 * zod schemas, a checked body as its check documents it (json-api.ts documentedBody).
 */
const documented: typeof jsonSchemaTransform = (input) => {
  if (isRefusal(input.route.handler)) return { schema: { hide: true }, url: input.url };
  let schema = input.schema;
  if (schema?.body !== undefined) {
    const { body, ...rest } = schema;
    const shown = documentedBody(body);
    schema = shown === undefined ? rest : { ...rest, body: shown };
  }
  if (schema?.response) schema = { ...schema, response: { ...schema.response, "4XX": apiErrorAnswer } };
  return jsonSchemaTransform({ ...input, schema });
};
