import { z } from "zod";

/**
 * What the API answers when it refuses a request (4xx): a sentence, and for a form the problem
 * of each field (`details`), or the state that stopped it.
 */
export const apiErrorAnswer = z.object({ error: z.string(), details: z.unknown().optional() });
