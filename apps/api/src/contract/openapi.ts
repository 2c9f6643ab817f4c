import fastifySwagger from "@fastify/swagger";
import { apiErrorAnswer } from "@workshop/domain/api-error.ts";
import { releaseOf } from "@workshop/http/release.ts";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { isRefusal } from "#server/plugins/json-api.ts";

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

/** GET /openapi.json (public, like the routes it describes): the document, for a caller to check what it relies on. */
export async function contractRoute(site: FastifyInstance): Promise<void> {
  site.get("/openapi.json", { schema: { hide: true } }, async (_request, reply) =>
    reply.header("Cache-Control", "no-cache").send(site.swagger()),
  );
}

/** A route as the document shows it: none for a refusal (a method the path does not take), else its zod schemas. */
const documented: typeof jsonSchemaTransform = (input) => {
  if (isRefusal(input.route.handler)) return { schema: { hide: true }, url: input.url };
  const schema = input.schema?.response ? { ...input.schema, response: { ...input.schema.response, "4XX": apiErrorAnswer } } : input.schema;
  return jsonSchemaTransform({ ...input, schema });
};
