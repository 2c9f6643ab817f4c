import { z } from "zod";
import { messages, optionalText, requiredText } from "./fields.ts";

/**
 * Staff's reply to a contact message. `nonce` is made with the reply form (one per form shown)
 * and makes the mail's dedupe key: a double click, a resent form or a second tab posting the same
 * form queue one mail; the next form shown gets a new nonce.
 */
export const replySchema = z.object({
  /** Blank means 'Re: <the message's subject>'. */
  subject: optionalText(250),
  /** Line breaks as one "\n" (a browser's form sends "\r\n"). */
  text: requiredText(10_000).transform((text) => text.replace(/\r\n?/g, "\n")),
  nonce: z.string({ error: messages.required }).regex(/^[A-Za-z0-9_-]{16,64}$/, { error: messages.characters }),
});

export type ReplyInput = z.input<typeof replySchema>;
export type ReplyField = keyof z.infer<typeof replySchema>;
