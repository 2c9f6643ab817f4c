import { enhanceRequestSchema, enhanceResultAnswer, enhanceResultRequest, enhanceStatusSchema } from "@workshop/domain/ai-studio.ts";
import type { FastifyPluginAsync } from "fastify";
import { AppError } from "#server/errors.ts";
import { searchParamsOf } from "#server/http/caller.ts";
import { bodyOrNull, jsonBody, methodNotAllowed, wrongMethod } from "#server/plugins/json-api.ts";
import { enhancementStatus, enqueueEnhancement, parseEnhanceRequest, setResultState } from "./requests.ts";

/** The AI studio's JSON endpoints (SPEC 7), staff's: in the staff scope (spec-api.ts). */
export const aiSpecRoutes: FastifyPluginAsync = async (app) => {
  /**
   * GET /api/ai/enhance-product-images?jobId=… (staff): a studio-photo job's state (SPEC 7
   * `{status, resultImages, prompt, error}`, plus engine, summary, progress and the results).
   */
  app.get("/api/ai/enhance-product-images", { schema: { response: { 200: enhanceStatusSchema } } }, async (request, reply) => {
    const jobId = searchParamsOf(request).get("jobId") ?? "";
    return reply.header("Cache-Control", "no-store").send(await enhancementStatus(jobId));
  });

  /**
   * POST /api/ai/enhance-product-images (staff, from the console's pages or with the staff token):
   * SPEC 7's payload; 202 `{jobId, status, prompt, sourceCount}` (and `cutOff`, the addresses over
   * ten left out). A photo that is not the shop's own, or bad input, is 400 `{error}`.
   */
  app.post(
    "/api/ai/enhance-product-images",
    { config: { rateLimit: "aiJobs" }, schema: { body: enhanceRequestSchema } },
    async (request, reply) => {
      return reply.code(202).send(await enqueueEnhancement(parseEnhanceRequest(jsonBody(request)), request.actor));
    },
  );
  app.route({
    method: ["PUT", "PATCH", "DELETE"],
    url: "/api/ai/enhance-product-images",
    config: { rateLimit: "aiJobs" },
    handler: wrongMethod("Use POST to start a job, GET to read one"),
  });

  /** POST /api/ai/enhance-product-images/results/:id (staff) `{state}`: a studio photo added to the product, discarded, or put back. */
  const result = { body: enhanceResultRequest, response: { 200: enhanceResultAnswer } };
  app.post<{ Params: { id: string } }>("/api/ai/enhance-product-images/results/:id", { schema: result }, async (request) => {
    const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : null;
    if (id === null) throw new AppError("not_found", "No such studio photo");
    const parsed = enhanceResultRequest.safeParse(bodyOrNull(request));
    if (!parsed.success) throw new AppError("invalid", "state: must be new, added or discarded");
    await setResultState(id, parsed.data.state, request.actor);
    return { id, state: parsed.data.state };
  });
  app.get("/api/ai/enhance-product-images/results/:id", methodNotAllowed("POST", "Use POST"));
  app.route({
    method: ["PUT", "PATCH", "DELETE"],
    url: "/api/ai/enhance-product-images/results/:id",
    handler: wrongMethod("Use POST"),
  });
};
