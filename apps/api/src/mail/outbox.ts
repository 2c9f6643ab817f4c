/**
 * The mail outbox: every mail is rendered and stored in `mail_outbox` first (one row per dedupe
 * key, so nothing is queued twice), then a job delivers it (so nothing is lost on a restart and,
 * once sent, nothing goes out again). Statuses:
 *
 * - `pending`: waiting for delivery, or for the next try after a failure (`attempts`, `last_error`)
 * - `sending`: an attempt is under way
 * - `sent`:    accepted by the SMTP server (`sent_at`)
 * - `kept`:    no SMTP configured: kept here and written to DATA_DIR/mail/<id>-<template>.eml
 * - `failed`:  every retry failed; `last_error` says why
 * - `stopped`: never sent: the customer stopped this kind of mail for the order before it went
 *              (the e-mails about the making, making/stage-mail-stop.ts)
 */
import { stageMailsOneClickPath } from "@workshop/domain/shop-api/stage-mails.ts";
import type { ExpressionBuilder } from "kysely";
import type { JobWithMetadata } from "pg-boss";
import { config } from "#server/config.ts";
import { type Db, getDb } from "#server/db/client.ts";
import type { Tx } from "#server/db/tx.ts";
import type { Database, Row } from "#server/db/types.ts";
import { defineJob, jobsStarted, sendJobs } from "#server/jobs/index.ts";
import { isMakingMail, type MailContent, mailLocale, renderMail } from "./templates/index.ts";
import { deliver, type MailAddress } from "./transport.ts";

type MailStatus = "pending" | "sending" | "sent" | "kept" | "failed" | "stopped";

export type OutboxMail = Row<"mailOutbox">;

/** A mail to queue: a template with its variables, plus who gets it and its dedupe key. */
/** What staff see of a mail kept on an order or a request: where it went, and whether it was sent. */
export const mailListColumns = ["id", "template", "to", "subject", "locale", "status", "lastError", "createdAt", "sentAt"] as const;

export type EnqueueMailInput = MailContent & {
  /** One mail per key, e.g. `order-received:<order id>`: a second enqueue with it is ignored. */
  dedupeKey: string;
  /** The recipient's language (the order's locale); anything unknown means English. */
  locale: string;
  to: string;
  orderId?: string | null;
  /** The contact message the mail is about (the shop's copy of it, or a reply to its sender). */
  contactMessageId?: number | null;
  /** The custom request the mail is about (the shop's copy is answered to its customer). */
  customOrderId?: number | null;
};

export type DeliverMailData = { outboxId: number };

/** Delivery attempts: about two hours of retries with backoff (30 s doubling, at most an hour apart). */
const deliverMailJob = defineJob<DeliverMailData>("mail-deliver", deliverMail, {
  queue: {
    // One job at a time per mail (singletonKey mail-<id>), however often it is nudged.
    policy: "exclusive",
    retryLimit: 8,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 3600,
    // Far beyond the SMTP timeouts (transport.ts): only a dead process lets a job expire.
    expireInSeconds: 300,
  },
});

/** Every minute: a pending mail without a job (its job was never sent, or was lost) gets one. */
defineJob<object>(
  "mail-sweep",
  async () => {
    await nudgePendingMail();
  },
  {
    queue: { policy: "exclusive", retryLimit: 0, expireInSeconds: 60 },
    schedule: { cron: "* * * * *" },
  },
);

/**
 * Renders the mail in the recipient's language, stores it in the outbox and sends the job that
 * delivers it. Resolves to false when a mail with this dedupe key was already queued.
 *
 * With `tx` the mail is stored, and its job created, inside that transaction: both exist only if
 * it commits. Required inside a transaction on PGlite, whose one connection the transaction holds.
 * When the job runner is not started here, the mail waits in the outbox for the every-minute sweep
 * of a process that runs it.
 */
export async function enqueueMail(input: EnqueueMailInput, options: EnqueueOptions = {}): Promise<boolean> {
  return (await enqueueMails([input], options)) > 0;
}

/** enqueueMail for several mails at once: one insert, and one job insert, for all of them. Resolves to how many were new. */
export async function enqueueMails(inputs: readonly EnqueueMailInput[], options: EnqueueOptions = {}): Promise<number> {
  if (inputs.length === 0) return 0;
  const { publicUrl } = config();
  const values = inputs.map((input) => {
    const locale = mailLocale(input.locale);
    const { subject, text, html } = renderMail(input, locale, publicUrl);
    return {
      dedupeKey: input.dedupeKey,
      template: input.template,
      locale,
      to: input.to,
      subject,
      text,
      html,
      orderId: input.orderId ?? null,
      contactMessageId: input.contactMessageId ?? null,
      customOrderId: input.customOrderId ?? null,
      status: "pending" satisfies MailStatus,
    };
  });
  const db: Db = options.tx ?? (await getDb());
  const rows = await db
    .insertInto("mailOutbox")
    .values(values)
    .onConflict((oc) => oc.column("dedupeKey").doNothing())
    .returning("id")
    .execute();
  const ids = rows.map((row) => row.id);
  if (options.later) {
    options.later.push(...ids);
  } else if (jobsStarted() && ids.length > 0) {
    if (options.tx) {
      await nudge(ids, options.tx);
    } else {
      // The rows are stored: if the jobs cannot be created now, the sweep creates them.
      await nudge(ids).catch((error: unknown) => console.error(`mail ${ids.join(", ")}: could not queue its delivery:`, error));
    }
  }
  return ids.length;
}

export type EnqueueOptions = {
  tx?: Tx;
  /**
   * Collects the new mail's id instead of creating its delivery job in the transaction: the caller
   * hands the ids to deliverQueuedMail() once it committed. Keeps a busy transaction short; if the
   * process dies in between, the every-minute sweep delivers the mail.
   */
  later?: number[];
};

/** Creates the delivery jobs of mails stored with `later`, after their transaction committed. */
export async function deliverQueuedMail(ids: readonly number[]): Promise<void> {
  if (!jobsStarted() || ids.length === 0) return;
  await nudge(ids).catch((error: unknown) => console.error(`mail ${ids.join(", ")}: could not queue its delivery:`, error));
}

/**
 * Sends the delivery jobs of mails (one statement), except for those that already have one queued
 * or running. Resolves to how many jobs were created.
 */
async function nudge(outboxIds: readonly number[], tx?: Tx): Promise<number> {
  const jobs = outboxIds.map((outboxId) => ({ data: { outboxId }, singletonKey: `mail-${outboxId}` }));
  return (await sendJobs(deliverMailJob, jobs, { tx })).length;
}

/** Gives every pending mail a delivery job (the ones that have one are left alone). */
export async function nudgePendingMail(limit = 200): Promise<number> {
  const db = await getDb();
  const pending = await db
    .selectFrom("mailOutbox")
    .select("id")
    .where("status", "=", "pending" satisfies MailStatus)
    .orderBy("createdAt")
    .limit(limit)
    .execute();
  return nudge(pending.map((row) => row.id));
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}

/**
 * The delivery job. Never sends a mail twice: a mail that is no longer pending is skipped, and an
 * attempt first claims the row with one conditional update (the row lock decides), so of two runs
 * of one job only one sends. (One gap remains, as with any SMTP client: a process that dies after
 * the server accepted the mail and before the row says `sent` leaves it to the retry, which sends
 * it again, with the same Message-ID.) A failed attempt records the error and throws, and pg-boss
 * retries; after the last retry the mail is marked failed.
 */
export async function deliverMail({ outboxId }: DeliverMailData, job: Pick<JobWithMetadata, "retryCount" | "retryLimit">): Promise<void> {
  const db = await getDb();
  // Each attempt of the job claims the row at most once (attempts + 1). A row still `sending` with
  // no more claims than this attempt's retries was left by an earlier attempt that died or expired:
  // take it over. With as many claims as this attempt's number, another run of this very attempt
  // holds it: leave it. (Checked and claimed in one statement: no read of the row before.)
  const claimable = (eb: ExpressionBuilder<Database, "mailOutbox">) =>
    eb.or([
      eb("status", "=", "pending" satisfies MailStatus),
      eb.and([eb("status", "=", "sending" satisfies MailStatus), eb("attempts", "<=", job.retryCount)]),
    ]);
  const claimed = await db
    .updateTable("mailOutbox")
    .set((eb) => ({ status: "sending" satisfies MailStatus, attempts: eb("attempts", "+", 1) }))
    .where((eb) => eb.and([eb("id", "=", outboxId), claimable(eb)]))
    .returningAll()
    .executeTakeFirst();
  if (!claimed) return;
  const mine = (eb: ExpressionBuilder<Database, "mailOutbox">) =>
    eb.and([eb("id", "=", claimed.id), eb("attempts", "=", claimed.attempts)]);
  let delivery: Awaited<ReturnType<typeof deliver>>;
  try {
    delivery = await deliver({ ...claimed, replyTo: await replyToOf(claimed), unsubscribe: await unsubscribeOf(claimed) });
  } catch (error) {
    const last = job.retryCount >= job.retryLimit;
    const status: MailStatus = last ? "failed" : "pending";
    await db
      .updateTable("mailOutbox")
      .set({ status, lastError: describe(error) })
      .where(mine)
      .execute();
    throw error;
  }
  await db
    .updateTable("mailOutbox")
    .set({ status: delivery.status satisfies MailStatus, sentAt: delivery.status === "sent" ? new Date() : null, lastError: null })
    .where(mine)
    .execute();
}

/**
 * Who a reply to the mail should go to, when not the sender: the shop's copy of a contact message
 * answers the visitor who wrote it, the shop's copy of a custom request its customer. Read at delivery.
 */
async function replyToOf(mail: OutboxMail): Promise<MailAddress | null> {
  if (mail.template === "shop-custom-order" && mail.customOrderId !== null) {
    const db = await getDb();
    const customer = await db
      .selectFrom("customOrders")
      .select(["name", "email as address"])
      .where("id", "=", mail.customOrderId)
      .executeTakeFirst();
    return customer ?? null;
  }
  if (mail.template !== "shop-contact-message" || mail.contactMessageId === null) return null;
  const db = await getDb();
  const sender = await db
    .selectFrom("contactMessages")
    .select(["name", "email as address"])
    .where("id", "=", mail.contactMessageId)
    .executeTakeFirst();
  return sender ?? null;
}

/**
 * The one-click stop of a mail about an order's making (RFC 8058): where a mail reader posts to stop
 * them for the order (the order's private link), read at delivery. Null for every other mail.
 */
async function unsubscribeOf(mail: OutboxMail): Promise<string | null> {
  if (!isMakingMail(mail.template) || mail.orderId === null) return null;
  const db = await getDb();
  const order = await db.selectFrom("orders").select("accessToken").where("id", "=", mail.orderId).executeTakeFirst();
  return order ? `${config().publicUrl}${stageMailsOneClickPath(order.accessToken)}` : null;
}

/** The newest mails first. */
export async function listOutbox(limit = 50): Promise<OutboxMail[]> {
  const db = await getDb();
  return db.selectFrom("mailOutbox").selectAll().orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit).execute();
}

export async function readOutboxMail(id: number): Promise<OutboxMail | undefined> {
  const db = await getDb();
  return db.selectFrom("mailOutbox").selectAll().where("id", "=", id).executeTakeFirst();
}
