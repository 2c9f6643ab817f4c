import { enhanceRequestSchema, enhanceResultAnswer, enhanceResultRequest, enhanceStatusSchema } from "@workshop/domain/ai-studio.ts";
import { idParams } from "@workshop/domain/api-requests.ts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "#server/errors.ts";
import { searchParamsOf } from "#server/http/caller.ts";
import { checkedBodyOf, methodNotAllowed, wrongMethod } from "#server/plugins/json-api.ts";
import { enhancementStatus, enhanceRequestRefusal, enqueueEnhancement, setResultState } from "./requests.ts";

/** A studio photo's id in the address; anything else is a 404. */
function studioPhotoId(param: string): number {
  if (!/^\d{1,9}$/.test(param)) throw new AppError("not_found", "No such studio photo");
  return Number(param);
}
// An id that is none is a 404 before the body is judged.
const knownStudioPhoto = async (request: { params: { id: string } }) => {
  studioPhotoId(request.params.id);
};

/** The AI studio's JSON endpoints (SPEC 7), staff's: in the staff scope (spec-api.ts). */
export const aiSpecRoutes: FastifyPluginAsyncZod = async (app) => {
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
    {
      config: { rateLimit: "aiJobs" },
      schema: { body: checkedBodyOf(enhanceRequestSchema, { read: "as sent", json: "if any", refusal: enhanceRequestRefusal }) },
    },
    async (request, reply) => {
      return reply.code(202).send(await enqueueEnhancement(request.body, request.actor));
    },
  );
  app.route({
    method: ["PUT", "PATCH", "DELETE"],
    url: "/api/ai/enhance-product-images",
    config: { rateLimit: "aiJobs" },
    handler: wrongMethod("Use POST to start a job, GET to read one"),
  });

  /** POST /api/ai/enhance-product-images/results/:id (staff) `{state}`: a studio photo added to the product, discarded, or put back. */
  const result = {
    params: idParams,
    body: checkedBodyOf(enhanceResultRequest, { refusal: () => new AppError("invalid", "state: must be new, added or discarded") }),
    response: { 200: enhanceResultAnswer },
  };
  app.post("/api/ai/enhance-product-images/results/:id", { preValidation: knownStudioPhoto, schema: result }, async (request) => {
    const id = studioPhotoId(request.params.id);
    await setResultState(id, request.body.state, request.actor);
    return { id, state: request.body.state };
  });
  app.get("/api/ai/enhance-product-images/results/:id", methodNotAllowed("POST", "Use POST"));
  app.route({
    method: ["PUT", "PATCH", "DELETE"],
    url: "/api/ai/enhance-product-images/results/:id",
    handler: wrongMethod("Use POST"),
  });
};
