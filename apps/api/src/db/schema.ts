import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** Texts of a product in a language other than English (the base columns). */
export type ProductTranslation = Partial<Record<"name" | "description" | "material" | "color" | "crownStyle" | "brimSize", string>>;

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    material: text("material").notNull().default(""),
    color: text("color").notNull().default(""),
    crownStyle: text("crown_style").notNull().default(""),
    brimSize: text("brim_size").notNull().default(""),
    /** Head sizes in whole centimetres, ascending. */
    sizes: integer("sizes").array().notNull().default(sql`'{}'::integer[]`),
    isNew: boolean("is_new").notNull().default(false),
    isFeatured: boolean("is_featured").notNull().default(false),
    inStock: boolean("in_stock").notNull().default(true),
    /** Kept for its orders and the admin, but gone from the shop (list, page, API, sitemap). */
    hidden: boolean("hidden").notNull().default(false),
    translations: jsonb("translations").$type<Record<string, ProductTranslation>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("products_featured_stock_idx").on(t.isFeatured, t.inStock)],
);

export const productImages = pgTable(
  "product_images",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** Key of the original file in storage; variants are derived from it. */
    storageKey: text("storage_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** What the photo shows, for people who cannot see it: English, and Russian ('' = the English one). */
    altEn: text("alt_en").notNull().default(""),
    altRu: text("alt_ru").notNull().default(""),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position)],
);

export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  locale: text("locale").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** Set when a staff member first opened it (the inbox shows it as unread until then). */
  readAt: timestamp("read_at", { withTimezone: true }),
  /** Set when staff marked it handled (answered or nothing to do). */
  handledAt: timestamp("handled_at", { withTimezone: true }),
});

/**
 * A custom hat request from the /custom page or POST /api/custom-orders (SPEC 3). Staff work on it
 * later (status, admin notes, quotes); the customer's texts are kept as sent. Budget is the
 * customer's own words; budgetMin/budgetMax are the dollar figures read from it, when any.
 */
export const customOrders = pgTable(
  "custom_orders",
  {
    id: serial("id").primaryKey(),
    status: text("status").notNull().default("NEW"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    hatType: text("hat_type").notNull(),
    material: text("material").notNull(),
    size: text("size").notNull(),
    color: text("color").notNull().default(""),
    details: text("details").notNull(),
    budget: text("budget").notNull().default(""),
    budgetMin: integer("budget_min"),
    budgetMax: integer("budget_max"),
    timeline: text("timeline").notNull(),
    /** The language of the page it came from: the customer's mails are in it. */
    locale: text("locale").notNull(),
    /** Staff's own notes (not shown to the customer). */
    adminNotes: text("admin_notes").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("custom_orders_created_idx").on(t.createdAt, t.id),
    // The tab's status filter and the dashboard's count of new requests.
    index("custom_orders_status_idx").on(t.status, t.createdAt, t.id),
  ],
);

/**
 * A reference photo uploaded for a custom request: private (its key is under private/, never served
 * by /media). The id is random and unguessable; a request takes it once (customOrderId set).
 */
export const customOrderPhotos = pgTable(
  "custom_order_photos",
  {
    id: text("id").primaryKey(),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    customOrderId: integer("custom_order_id").references(() => customOrders.id, { onDelete: "set null" }),
    position: integer("position").notNull().default(0),
    /** Who uploaded it (server/http/rate-limits.ts clientKey): each client holds only a few photos waiting. */
    client: text("client"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("custom_order_photos_order_idx").on(t.customOrderId, t.position),
    index("custom_order_photos_waiting_idx").on(t.client, t.createdAt).where(sql`${t.customOrderId} is null`),
  ],
);

/**
 * A quote staff write for a custom request (docs/decisions/026-custom-quotes.md): version 1, then
 * at most two revisions, each kept. The customer opens it by its token (/quotes/<token>). Status:
 * SENT (open until valid_until), ACCEPTED (an order was placed from it), SUPERSEDED (a newer
 * version was written), WITHDRAWN. Expiry is read from valid_until, never stored.
 */
export const customQuotes = pgTable(
  "custom_quotes",
  {
    id: serial("id").primaryKey(),
    customOrderId: integer("custom_order_id")
      .notNull()
      .references(() => customOrders.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    priceCents: integer("price_cents").notNull(),
    description: text("description").notNull(),
    /** One of SPEC 9's production times: 1-2, 3-4 or 4-6 weeks. */
    productionTime: text("production_time").notNull(),
    /** The end of the last valid day, in the workshop's time zone. */
    validUntil: timestamp("valid_until", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    status: text("status").notNull().default("SENT"),
    createdBy: integer("created_by").references(() => staffAccounts.id, { onDelete: "set null" }),
    createdByName: text("created_by_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    closedBy: text("closed_by"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("custom_quotes_version_idx").on(t.customOrderId, t.version)],
);

/** Server-side checkout data, one row per browser (the id sits in a cookie). */
export const checkoutSessions = pgTable("checkout_sessions", {
  id: uuid("id").primaryKey().defaultRandom(),
  data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Small shared cache (social feed, exchange rates) so every instance sees the same value. */
/**
 * A counter per kind of cached data, raised in the transaction that changes that data: every
 * instance of the shop watches it and drops its copies when it moves (server/cache/versions.ts).
 */
export const cacheVersions = pgTable("cache_versions", {
  name: text("name").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

export const cacheEntries = pgTable("cache_entries", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Where an order goes, as the customer typed it (SPEC section 3, ShippingAddress). */
export type ShippingAddress = {
  fullName: string;
  email: string;
  phone: string;
  addressLine1: string;
  addressLine2?: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
};

/** An order, with a snapshot of everything the customer agreed to when placing it. */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderNumber: text("order_number").notNull().unique(),
    /** Secret of the customer's order page /orders/<token>. */
    accessToken: text("access_token").notNull().unique(),
    status: text("status").notNull(),
    paymentStatus: text("payment_status").notNull(),
    paymentMethod: text("payment_method").notNull(),
    /** The catalogue hat ordered; null for a custom hat (customOrderId and quoteId say which). */
    productId: integer("product_id"),
    productName: text("product_name").notNull(),
    productImage: text("product_image"),
    size: integer("size"),
    color: text("color").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>().notNull(),
    deliveryOption: text("delivery_option").notNull(),
    deliveryCostCents: integer("delivery_cost_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** The USD to IDR rate used for this order, as text to keep every digit. */
    usdToIdrRate: text("usd_to_idr_rate").notNull(),
    totalIdr: integer("total_idr").notNull(),
    locale: text("locale").notNull(),
    /** Set when the order is shipped: who carries it and the number the customer tracks it by. */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    /**
     * A custom hat (docs/decisions/026-custom-quotes.md): the request and the accepted quote, and
     * the deposit part of the price (US cents and its rupiah at the order's rate; the balance is
     * the rest of the total). Null on a catalogue order.
     */
    customOrderId: integer("custom_order_id").references(() => customOrders.id, { onDelete: "restrict" }),
    quoteId: integer("quote_id"),
    depositCents: integer("deposit_cents"),
    depositIdr: integer("deposit_idr"),
    /** When staff sent the balance payment link: only then can the balance be paid. */
    balanceRequestedAt: timestamp("balance_requested_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * What staff search the orders list by, kept by the database: order number, e-mail and name,
     * lower-case, one per line (server/desk/order-list.ts; docs/decisions/018-orders-list.md).
     */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(order_number || E'\\n' || coalesce(shipping_address->>'email', '') || E'\\n' || coalesce(shipping_address->>'fullName', ''))`,
    ),
  },
  (t) => [
    // Also INCLUDE (search_text), added by migration 0006: drizzle has no INCLUDE.
    index("orders_created_id_idx").on(t.createdAt, t.id),
    index("orders_status_idx").on(t.status, t.paymentStatus),
    // Whether a product was ever ordered (it may then be hidden, never deleted).
    index("orders_product_idx").on(t.productId),
    index("orders_custom_order_idx").on(t.customOrderId),
    uniqueIndex("orders_quote_idx").on(t.quoteId),
  ],
);

/** Every change of an order's status or payment status, for the shop's history. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    paymentStatus: text("payment_status").notNull(),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.createdAt)],
);

/** Mail to send: kept until sent, so nothing is lost on a restart and nothing goes out twice. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    /** One mail per key, e.g. 'order-received:<order id>': a second enqueue is ignored. */
    dedupeKey: text("dedupe_key").notNull().unique(),
    template: text("template").notNull(),
    locale: text("locale").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    orderId: uuid("order_id"),
    /** The contact message this mail answers (inbox replies). */
    contactMessageId: integer("contact_message_id"),
    /** The custom request this mail is about (the shop's copy: Reply-To the customer). */
    customOrderId: integer("custom_order_id"),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_outbox_status_idx").on(t.status, t.createdAt),
    index("mail_outbox_order_idx").on(t.orderId),
    index("mail_outbox_message_idx").on(t.contactMessageId),
  ],
);

/**
 * One try at paying an order through Xendit: one Xendit payment request. An order may have several
 * (a failed card, then a virtual account); the newest decides what the payment pages show.
 */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** 1, 2, … per order; with the order id it is the reference id and idempotency key sent to Xendit. */
    attempt: integer("attempt").notNull(),
    /** The shop's method code (BCA, INDOMARET, QRIS, …) and Xendit's channel code for it. */
    method: text("method").notNull(),
    channelCode: text("channel_code").notNull(),
    /** What is charged: whole rupiah from the order, never from a request. */
    amount: integer("amount").notNull(),
    /** Which part of the order it pays: FULL, or DEPOSIT / BALANCE of a custom hat (decision 026). */
    part: text("part").notNull().default("FULL"),
    currency: text("currency").notNull(),
    /** CREATING (stored, Xendit not answered yet), PENDING, SUCCEEDED, FAILED, EXPIRED, CANCELLED, ERROR. */
    status: text("status").notNull(),
    failureCode: text("failure_code"),
    /**
     * What the shop created at Xendit for this attempt: a payment request (pr-…) or, for cards, a
     * payment session (ps-…, docs/decisions/009); and, once money moved or failed, the payment (py-…).
     */
    xenditRequestId: text("xendit_request_id").unique(),
    xenditPaymentId: text("xendit_payment_id").unique(),
    /** What the customer needs: virtual account number, payment code, QR string or pay page URL. */
    virtualAccountNumber: text("virtual_account_number"),
    paymentCode: text("payment_code"),
    qrString: text("qr_string"),
    redirectUrl: text("redirect_url"),
    displayName: text("display_name"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Set when something about this payment needs the shop's attention (e.g. paid after cancel). */
    flag: text("flag"),
    /** Last time the shop asked Xendit about it (polling and reconciliation ask at most so often). */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_attempts_order_attempt_idx").on(t.orderId, t.attempt),
    index("payment_attempts_status_idx").on(t.status, t.createdAt),
    index("payment_attempts_flagged_idx").on(t.orderId).where(sql`flag is not null`),
  ],
);

/**
 * Webhook events from Xendit, stored raw as they arrive and processed by a job. One row per
 * (event, payment): a duplicate delivery finds its row and changes nothing.
 */
export const xenditEvents = pgTable(
  "xendit_events",
  {
    id: serial("id").primaryKey(),
    dedupeKey: text("dedupe_key").notNull().unique(),
    event: text("event").notNull(),
    webhookId: text("webhook_id"),
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    /** What processing did: applied, ignored (nothing to change) or flagged. */
    outcome: text("outcome"),
    /** Why an event was flagged: unknown payment, amount or currency mismatch, paid after cancel… */
    flag: text("flag"),
  },
  (t) => [index("xendit_events_unprocessed_idx").on(t.id).where(sql`processed_at is null`)],
);

/**
 * Rate-limit counters (server/http/rate-limits.ts): one row per limit and client, its hits in the
 * current window and when that window ends. Shared by every instance.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: timestamp("expire", { withTimezone: true }),
});

/** People who run the shop. E-mail is kept lower-case; only the argon2id hash of the password is stored. */
export const staffAccounts = pgTable("staff_accounts", {
  id: serial("id").primaryKey(),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  passwordHash: text("password_hash").notNull(),
  /** owner: everything, incl. staff, audit and refunds; staff: the daily work. */
  role: text("role").notNull().default("staff"),
  /** Language of the admin pages for this person: en or ru. */
  locale: text("locale").notNull().default("en"),
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A signed-in browser. The cookie holds a random id; only its SHA-256 is stored here. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffAccounts.id, { onDelete: "cascade" }),
    /** Token that every admin form of this session carries (against cross-site posts). */
    formToken: text("form_token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId)],
);

/**
 * What staff did: one row per action (sign-in, mark paid, status change, e-mail, note, refund,
 * product and custom-order changes). Never updated or deleted by the shop.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    /** Null for a machine (ADMIN_API_TOKEN), the system, or a failed sign-in by an unknown e-mail. */
    staffId: integer("staff_id").references(() => staffAccounts.id, { onDelete: "set null" }),
    /** Who, as shown: the staff e-mail, 'api token' or 'system' (kept even if the account goes). */
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    /** Which record: e.g. 'order' and its id, 'staff' and its id, 'message' and its id. */
    recordType: text("record_type"),
    recordId: text("record_id"),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_record_idx").on(t.recordType, t.recordId, t.createdAt),
    index("audit_log_staff_idx").on(t.staffId, t.createdAt),
    index("audit_log_action_idx").on(t.action, t.createdAt),
  ],
);

/** Notes staff write on an order, for each other (the customer never sees them). */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    staffId: integer("staff_id").references(() => staffAccounts.id, { onDelete: "set null" }),
    author: text("author").notNull(),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_notes_order_idx").on(t.orderId, t.createdAt)],
);

/** Money sent back to a customer through Xendit's Refunds API, one row per refund. */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    paymentAttemptId: uuid("payment_attempt_id")
      .notNull()
      .references(() => paymentAttempts.id, { onDelete: "cascade" }),
    /** Xendit's refund id (rfd-…), once Xendit answered. */
    xenditRefundId: text("xendit_refund_id").unique(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    /** PENDING, SUCCEEDED, FAILED (Xendit's), or CREATING before Xendit answered. */
    status: text("status").notNull(),
    reason: text("reason").notNull(),
    failureCode: text("failure_code"),
    staffId: integer("staff_id").references(() => staffAccounts.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("refunds_order_idx").on(t.orderId)],
);

/**
 * Studio photos made from a product's reference photos (SPEC 2.11, 4 "AI enhancement job"): one row
 * per request, run by the pg-boss queue `ai-enhance` (server/ai/run-job.ts). The row, not pg-boss,
 * is what staff see; a job whose worker died is settled here by pg-boss's retry or expiry.
 */
export const aiJobs = pgTable(
  "ai_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The product the photos are for; null while the product is new (not saved yet). */
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    /** queued, PROCESSING, COMPLETED or FAILED (SPEC 4's values as they are written). */
    status: text("status").notNull(),
    prompt: text("prompt").notNull(),
    /** What staff chose: product name and description, style hint, backdrop, size, sequential mode, watermark. */
    options: jsonb("options").$type<Record<string, unknown>>().notNull(),
    /** The reference photos' storage keys, in order (at most 10). */
    sources: jsonb("sources").$type<string[]>().notNull(),
    /** Which engine ran it (local or remote), once it started. */
    engine: text("engine"),
    /** The engine's one line about what it made. */
    summary: text("summary"),
    progressDone: integer("progress_done").notNull().default(0),
    progressTotal: integer("progress_total").notNull().default(0),
    error: text("error"),
    /** How often a worker has taken it up (a crashed worker's job is taken up again). */
    attempts: integer("attempts").notNull().default(0),
    createdBy: integer("created_by").references(() => staffAccounts.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ai_jobs_product_idx").on(t.productId, t.createdAt), index("ai_jobs_creator_idx").on(t.createdBy, t.createdAt)],
);

/** One studio photo of a job, stored like an upload (its sizes beside it); staff add it to the product or discard it. */
export const aiResults = pgTable(
  "ai_results",
  {
    id: serial("id").primaryKey(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => aiJobs.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** The original's key in storage, as an upload's `pathname`. */
    storageKey: text("storage_key").notNull(),
    /** studio, side, three-quarter, top, flat-lay or details (server/ai/engine.ts). */
    view: text("view").notNull(),
    /** Which reference photo it was made from, or null when made from all. */
    sourceIndex: integer("source_index"),
    /** new, added (to the product's photos) or discarded. */
    state: text("state").notNull().default("new"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("ai_results_job_position_idx").on(t.jobId, t.position)],
);
