import { z } from "zod";
import { email, requiredText } from "./fields.ts";

/** The contact form (SPEC section 3): name, email, subject and message, all required. */
export const contactSchema = z.object({
  name: requiredText(100),
  email,
  subject: requiredText(200),
  message: requiredText(5000),
});

export type ContactInput = z.infer<typeof contactSchema>;
export type ContactField = keyof ContactInput;
