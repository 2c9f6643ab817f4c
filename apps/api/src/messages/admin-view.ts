import { isLocale } from "@workshop/domain/locale.ts";
import {
  type InboxListAnswer,
  type InboxListRequest,
  type InboxMessageAnswer,
  type InboxState,
  inboxListRequest,
} from "@workshop/domain/staff-api/inbox.ts";
import type { Actor } from "#server/audit/actor.ts";
import { AppError } from "#server/errors.ts";
import { type ContactMessage, type InboxRow, listMessages, messageId, type OpenedMessage, openMessage } from "./inbox.ts";

/** The inbox as the staff console's contract has it (packages/domain/src/staff-api/inbox.ts): ISO dates, a state per message. */

const iso = (date: Date | null) => date?.toISOString() ?? null;

const stateOf = (message: Pick<ContactMessage, "readAt" | "handledAt">): InboxState =>
  message.handledAt !== null ? "handled" : message.readAt === null ? "unread" : "open";

function rowOf(message: InboxRow) {
  return {
    id: message.id,
    name: message.name,
    email: message.email,
    subject: message.subject,
    locale: isLocale(message.locale) ? message.locale : "en",
    createdAt: message.createdAt.toISOString(),
    readAt: iso(message.readAt),
    handledAt: iso(message.handledAt),
    state: stateOf(message),
  };
}

/** The list's query: an empty value is none; every value the inbox does not know is named in one 400. */
export function inboxQuery(params: URLSearchParams): InboxListRequest {
  const given = Object.fromEntries([...params].filter(([, value]) => value !== ""));
  const parsed = inboxListRequest.safeParse(given);
  if (parsed.success) return parsed.data;
  const wrong: Record<string, string> = {};
  for (const issue of parsed.error.issues) wrong[String(issue.path[0] ?? "query")] ??= issue.message;
  throw new AppError("invalid", `Unknown list value: ${Object.keys(wrong).join(", ")}`, wrong);
}

export async function adminInboxList({ filter, page, size }: InboxListRequest): Promise<InboxListAnswer> {
  const found = await listMessages(filter, page, size);
  return { rows: found.messages.map(rowOf), page: found.page, size, total: found.total, pages: found.pageCount };
}

function adminMessage({ message, replies }: OpenedMessage): InboxMessageAnswer {
  return {
    message: { ...rowOf(message), message: message.message },
    replies: replies.map((reply) => ({ ...reply, createdAt: reply.createdAt.toISOString(), sentAt: iso(reply.sentAt) })),
  };
}

/** A message's id from its address: anything that is no id is as unknown as an id nobody has (404). */
export function knownId(value: string): number {
  const id = messageId(value);
  if (id === null) throw new AppError("not_found", "No such message");
  return id;
}

/** Opens a message (the first opening marks it read), as the console shows it; 404 for an unknown one. */
export async function openedForAdmin(id: number, actor: Actor): Promise<InboxMessageAnswer> {
  const opened = await openMessage(id, actor);
  if (!opened) throw new AppError("not_found", "No such message");
  return adminMessage(opened);
}
