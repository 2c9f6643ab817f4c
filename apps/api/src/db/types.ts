import type { ColumnType, GeneratedAlways, Selectable } from "kysely";

/**
 * The shop's tables as Kysely sees them (docs/decisions/034-kysely.md). Property names are the
 * columns' names in camelCase: the CamelCasePlugin of db/client.ts maps them to the snake_case of
 * the SQL (migrations/*.sql), in queries and in the rows that come back.
 */

/** A column the database fills when an insert leaves it out (a default, a serial). */
type Generated<T> = T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : ColumnType<T, T | undefined, T>;

/** A timestamp with time zone: a Date when read; a Date (or ISO text) when written. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
declare const jsonOf: unique symbol;
/** JSON text of a T, made by `json(value)` (db/json.ts). */
export type JsonText<T> = string & { readonly [jsonOf]: T };
/**
 * A jsonb column: read as T; written as JSON text made by `json(value)`, since pg would send a
 * JavaScript array as a PostgreSQL array.
 */
type Json<T> = ColumnType<T, JsonText<T>, JsonText<T>>;

/** Texts of a product in a language other than English (the base columns). */
export type ProductTranslation = Partial<Record<"name" | "description" | "material" | "color" | "crownStyle" | "brimSize", string>>;

interface ProductsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  priceCents: number;
  material: Generated<string>;
  color: Generated<string>;
  crownStyle: Generated<string>;
  brimSize: Generated<string>;
  /** Head sizes in whole centimetres, ascending. */
  sizes: Generated<number[]>;
  isNew: Generated<boolean>;
  isFeatured: Generated<boolean>;
  inStock: Generated<boolean>;
  /** Kept for its orders and the admin, but gone from the shop (list, page, API, sitemap). */
  hidden: Generated<boolean>;
  /** Made for each order in stages (the SPEC's every hat), or false: a ready hat in stock that ships as it is (decision 054). */
  madeToOrder: Generated<boolean>;
  translations: Generated<Json<Record<string, ProductTranslation>>>;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

interface ProductImagesTable {
  id: Generated<number>;
  productId: number;
  position: number;
  /** Key of the original file in storage; variants are derived from it. */
  storageKey: string;
  width: number;
  height: number;
  /** What the photo shows, for people who cannot see it: English, and Russian ('' = the English one). */
  altEn: Generated<string>;
  altRu: Generated<string>;
}

interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  locale: string;
  createdAt: Generated<Timestamp>;
  /** Set when a staff member first opened it (the inbox shows it as unread until then). */
  readAt: Timestamp | null;
  /** Set when staff marked it handled (answered or nothing to do). */
  handledAt: Timestamp | null;
}

/**
 * A custom hat request from the /custom page or POST /api/custom-orders (SPEC 3). Staff work on it
 * later (status, admin notes, quotes); the customer's texts are kept as sent. Budget is the
 * customer's own words; budgetMin/budgetMax are the dollar figures read from it, when any.
 */
interface CustomOrdersTable {
  id: Generated<number>;
  status: Generated<string>;
  name: string;
  email: string;
  phone: Generated<string>;
  hatType: string;
  material: string;
  size: string;
  color: Generated<string>;
  details: string;
  budget: Generated<string>;
  budgetMin: number | null;
  budgetMax: number | null;
  timeline: string;
  /** The language of the page it came from: the customer's mails are in it. */
  locale: string;
  /** Staff's own notes (not shown to the customer). */
  adminNotes: Generated<string>;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

/**
 * A reference photo uploaded for a custom request: private (its key is under private/, never served
 * by /media). The id is random and unguessable; a request takes it once (customOrderId set).
 */
interface CustomOrderPhotosTable {
  id: string;
  storageKey: string;
  contentType: string;
  customOrderId: number | null;
  position: Generated<number>;
  /** Who uploaded it (src/http/rate-limits.ts clientKey): each client holds only a few photos waiting. */
  client: string | null;
  /** Its size as stored, which the room for waiting photos counts (none on rows from before 0015). */
  bytes: number | null;
  createdAt: Generated<Timestamp>;
}

/**
 * A quote staff write for a custom request (docs/decisions/026-custom-quotes.md): version 1, then
 * at most two revisions, each kept. The customer opens it by its token (/quotes/<token>). Status:
 * SENT (open until valid_until), ACCEPTED (an order was placed from it), SUPERSEDED (a newer
 * version was written), WITHDRAWN. Expiry is read from valid_until, never stored.
 */
interface CustomQuotesTable {
  id: Generated<number>;
  customOrderId: number;
  version: number;
  priceCents: number;
  description: string;
  /** One of SPEC 9's production times: 1-2, 3-4 or 4-6 weeks. */
  productionTime: string;
  /** The end of the last valid day, in the workshop's time zone. */
  validUntil: Timestamp;
  token: string;
  status: Generated<string>;
  createdBy: number | null;
  createdByName: string;
  createdAt: Generated<Timestamp>;
  closedBy: string | null;
  closedAt: Timestamp | null;
}

/** Server-side checkout data, one row per browser (the id sits in a cookie). */
interface CheckoutSessionsTable {
  id: Generated<string>;
  data: Generated<Json<Record<string, unknown>>>;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

/**
 * A counter per kind of cached data, raised in the transaction that changes that data: every
 * instance of the shop watches it and drops its copies when it moves (src/cache/versions.ts).
 */
interface CacheVersionsTable {
  name: string;
  version: Generated<number>;
}

/** Small shared cache (social feed, exchange rates) so every instance sees the same value. */
interface CacheEntriesTable {
  key: string;
  value: Json<unknown>;
  expiresAt: Timestamp;
}

/** The exchange rate in use per pair ("USD:IDR") and a reading held back until confirmed (pricing/fx-rate.ts). */
interface FxRateStateTable {
  pair: string;
  rateInUse: string;
  inUseSince: Generated<Timestamp>;
  pendingRate: string | null;
  pendingSince: Timestamp | null;
}

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
export interface OrdersTable {
  id: Generated<string>;
  orderNumber: string;
  /** Secret of the customer's order page /orders/<token>. */
  accessToken: string;
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  /** The catalogue hat ordered; null for a custom hat (customOrderId and quoteId say which). */
  productId: number | null;
  productName: string;
  productImage: string | null;
  size: number | null;
  color: Generated<string>;
  priceCents: number;
  shippingAddress: Json<ShippingAddress>;
  deliveryOption: string;
  deliveryCostCents: number;
  totalCents: number;
  /** The USD to IDR rate used for this order, as text to keep every digit. */
  usdToIdrRate: string;
  totalIdr: number;
  locale: string;
  /** Set when the order is shipped: who carries it and the number the customer tracks it by. */
  carrier: string | null;
  trackingNumber: string | null;
  /**
   * A custom hat (docs/decisions/026-custom-quotes.md): the request and the accepted quote, and
   * the deposit part of the price (US cents and its rupiah at the order's rate; the balance is
   * the rest of the total). Null on a catalogue order.
   */
  customOrderId: number | null;
  quoteId: number | null;
  depositCents: number | null;
  depositIdr: number | null;
  /** When staff sent the balance payment link: only then can the balance be paid. */
  balanceRequestedAt: Timestamp | null;
  /**
   * The money after refunds (payments/refund-ledger.ts, kept with every refund's change):
   * PARTLY_REFUNDED, REFUNDED, REFUND_PENDING, REFUND_FAILED or null; and what went back (settled).
   */
  refundState: string | null;
  refundedCents: Generated<number>;
  refundedIdr: Generated<number>;
  /** When an owner recorded the hat as returned (order_returns); the status stays as it was. */
  returnedAt: Timestamp | null;
  /** The delivery day the checkout promised (the workshop's calendar, YYYY-MM-DD); null for orders placed before it was kept. */
  promisedDeliveryDay: string | null;
  /** When the customer stopped the e-mails about the making's stages (the order's own e-mails still go). */
  stageMailsStoppedAt: Timestamp | null;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
  /**
   * What staff search the orders list by, kept by the database: order number, e-mail, name and
   * the hat's name as ordered, lower-case, one per line (src/admin-orders/order-list.ts; decisions 018, 050).
   */
  searchText: GeneratedAlways<string | null>;
}

/** Every change of an order's status or payment status, for the shop's history. */
interface OrderEventsTable {
  id: Generated<number>;
  orderId: string;
  status: string;
  paymentStatus: string;
  reason: string;
  createdAt: Generated<Timestamp>;
}

/** Mail to send: kept until sent, so nothing is lost on a restart and nothing goes out twice. */
interface MailOutboxTable {
  id: Generated<number>;
  /** One mail per key, e.g. 'order-received:<order id>': a second enqueue is ignored. */
  dedupeKey: string;
  template: string;
  locale: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  orderId: string | null;
  /** The contact message this mail answers (inbox replies). */
  contactMessageId: number | null;
  /** The custom request this mail is about (the shop's copy: Reply-To the customer). */
  customOrderId: number | null;
  status: Generated<string>;
  attempts: Generated<number>;
  lastError: string | null;
  createdAt: Generated<Timestamp>;
  sentAt: Timestamp | null;
}

/**
 * One try at paying an order through Xendit: one Xendit payment request. An order may have several
 * (a failed card, then a virtual account); the newest decides what the payment pages show.
 */
interface PaymentAttemptsTable {
  id: Generated<string>;
  orderId: string;
  /** 1, 2, … per order; with the order id it is the reference id and idempotency key sent to Xendit. */
  attempt: number;
  /** The shop's method code (BCA, INDOMARET, QRIS, …) and Xendit's channel code for it. */
  method: string;
  channelCode: string;
  /** What is charged: whole rupiah from the order, never from a request. */
  amount: number;
  /** Which part of the order it pays: FULL, or DEPOSIT / BALANCE of a custom hat (decision 026). */
  part: Generated<string>;
  currency: string;
  /** CREATING (stored, Xendit not answered yet), PENDING, SUCCEEDED, FAILED, EXPIRED, CANCELLED, ERROR. */
  status: string;
  failureCode: string | null;
  /**
   * What the shop created at Xendit for this attempt: a payment request (pr-…) or, for cards, a
   * payment session (ps-…, docs/decisions/009); and, once money moved or failed, the payment (py-…).
   */
  xenditRequestId: string | null;
  xenditPaymentId: string | null;
  /** What the customer needs: virtual account number, payment code, QR string or pay page URL. */
  virtualAccountNumber: string | null;
  paymentCode: string | null;
  qrString: string | null;
  redirectUrl: string | null;
  displayName: string | null;
  expiresAt: Timestamp | null;
  /** Set when something about this payment needs the shop's attention (e.g. paid after cancel). */
  flag: string | null;
  /** Last time the shop asked Xendit about it (polling and reconciliation ask at most so often). */
  checkedAt: Timestamp | null;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

/**
 * Webhook events from Xendit, stored raw as they arrive and processed by a job. One row per
 * (event, payment): a duplicate delivery finds its row and changes nothing.
 */
interface XenditEventsTable {
  id: Generated<number>;
  dedupeKey: string;
  event: string;
  webhookId: string | null;
  body: Json<Record<string, unknown>>;
  receivedAt: Generated<Timestamp>;
  processedAt: Timestamp | null;
  /** What processing did: applied, ignored (nothing to change) or flagged. */
  outcome: string | null;
  /** Why an event was flagged: unknown payment, amount or currency mismatch, paid after cancel… */
  flag: string | null;
}

/**
 * Rate-limit counters (src/http/rate-limits.ts): one row per limit and client, its hits in the
 * current window and when that window ends. Shared by every instance.
 */
interface RateLimitsTable {
  key: string;
  points: Generated<number>;
  expire: Timestamp | null;
}

/** People who run the shop. E-mail is kept lower-case; only the argon2id hash of the password is stored. */
interface StaffAccountsTable {
  id: Generated<number>;
  email: string;
  name: string;
  passwordHash: string;
  /** owner: everything, incl. staff, audit and refunds; staff: the daily work. */
  role: Generated<string>;
  /** Language of the admin pages for this person: en or ru. */
  locale: Generated<string>;
  disabledAt: Timestamp | null;
  passwordChangedAt: Generated<Timestamp>;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

/** A signed-in browser. The cookie holds a random id; only its SHA-256 is stored here. */
interface StaffSessionsTable {
  idHash: string;
  staffId: number;
  /** Token that every admin form of this session carries (against cross-site posts). */
  formToken: string;
  createdAt: Generated<Timestamp>;
  lastSeenAt: Generated<Timestamp>;
  ip: string | null;
  userAgent: string | null;
}

/**
 * What staff did: one row per action (sign-in, mark paid, status change, e-mail, note, refund,
 * product and custom-order changes). Never updated or deleted by the shop.
 */
interface AuditLogTable {
  id: Generated<number>;
  /** Null for a machine (ADMIN_API_TOKEN), the system, or a failed sign-in by an unknown e-mail. */
  staffId: number | null;
  /** Who, as shown: the staff e-mail, 'api token' or 'system' (kept even if the account goes). */
  actor: string;
  action: string;
  /** Which record: e.g. 'order' and its id, 'staff' and its id, 'message' and its id. */
  recordType: string | null;
  recordId: string | null;
  before: Json<Record<string, unknown>> | null;
  after: Json<Record<string, unknown>> | null;
  ip: string | null;
  createdAt: Generated<Timestamp>;
}

/** Notes staff write on an order, for each other (the customer never sees them). */
interface OrderNotesTable {
  id: Generated<number>;
  orderId: string;
  staffId: number | null;
  author: string;
  text: string;
  createdAt: Generated<Timestamp>;
}

/**
 * Money sent back to a customer, one row per refund (several per payment, each up to what is left):
 * through Xendit's Refunds API, or made by hand and recorded by an owner (docs/decisions/014, 047).
 */
interface RefundsTable {
  id: Generated<string>;
  orderId: string;
  /** The payment refunded; null for the order's payment in the workshop (cash, the test card). */
  paymentAttemptId: string | null;
  /** XENDIT, or BANK_TRANSFER / CASH made by hand. */
  way: Generated<string>;
  /** Xendit's refund id (rfd-…), once Xendit answered. */
  xenditRefundId: string | null;
  /** In the payment's currency (whole rupiah), and in US cents at the order's prices. */
  amount: number;
  currency: string;
  amountUsdCents: number;
  /** PENDING, SUCCEEDED, FAILED (Xendit's), or CREATING before Xendit answered; by hand: SUCCEEDED. */
  status: string;
  reason: string;
  failureCode: string | null;
  /** By hand: the transfer's reference or the receipt's number, and the day (YYYY-MM-DD) the money arrives. */
  reference: string | null;
  arrivesBy: string | null;
  /** What the owner wrote about it (staff only). */
  note: Generated<string>;
  /** When the money went out: Xendit's success, or the record of a refund by hand. */
  refundedAt: Timestamp | null;
  staffId: number | null;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

/** Orders whose refund state a migration left to the app's rule: the refunds job works each out and removes it (payments/refunds.ts). */
interface RefundStateStaleTable {
  orderId: string;
}

/** A hat sent back (SPEC 9's returns): one per order, recorded by an owner. */
interface OrderReturnsTable {
  orderId: string;
  /** RETURN (unworn, less the 15 % restocking fee) or DEFECT (no fee; the only return of a custom hat). */
  kind: string;
  note: Generated<string>;
  /** What the 14 days count from (delivered, picked up, else shipped), and whether they had passed. */
  windowStart: Timestamp | null;
  late: boolean;
  feeCents: number;
  /** The refund the console proposes, in US cents. */
  proposedCents: number;
  staffId: number | null;
  actor: string;
  createdAt: Generated<Timestamp>;
}

/** A stage of the shop's making (decision 054); taken off the list it is retired (position null), never deleted. */
interface MakingStagesTable {
  id: Generated<number>;
  /** Its place in the list, from 1; null once retired. */
  position: number | null;
  nameEn: string;
  nameRu: string;
  /** Its usual length in working days (0 to 60). */
  usualDays: number;
  retiredAt: Timestamp | null;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

/** An order's making: why it is made, the stage it is in and since when, and when it reached the last stage. */
interface OrderMakingTable {
  orderId: string;
  /** made-to-order, custom or adjusting. */
  reason: string;
  stageId: number;
  stageSince: Timestamp;
  startedAt: Timestamp;
  /** When it reached the last stage (Ready); null while it is being made. */
  endedAt: Timestamp | null;
}

/** One stage change of an order's making: its start, on to the next stage, or back (with the reason). */
interface MakingEventsTable {
  id: Generated<number>;
  orderId: string;
  /** Null for the making's start. */
  fromStageId: number | null;
  toStageId: number;
  /** start, forward or back. */
  direction: string;
  /** Why it went back ('' otherwise). */
  reason: Generated<string>;
  /** The note for the customer in each language ('' for none), and whether they are told. */
  noteEn: Generated<string>;
  noteRu: Generated<string>;
  tellCustomer: Generated<boolean>;
  staffId: number | null;
  /** Who, as the audit log writes it ('system' for a start on payment). */
  actor: string;
  createdAt: Generated<Timestamp>;
}

/** A stage photo, private to its order: waiting for its move (eventId null), then that move's. */
interface MakingPhotosTable {
  /** 32 random hex digits: the photo's name in its addresses, never guessable. */
  id: string;
  orderId: string;
  eventId: number | null;
  position: Generated<number>;
  /** The original's key (private/making/<order>/<id>.<ext>); its sizes beside it (making-photos.ts). */
  storageKey: string;
  width: number;
  height: number;
  bytes: number;
  staffId: number | null;
  actor: string;
  createdAt: Generated<Timestamp>;
}

/**
 * Stored files whose rows are gone: a trigger queues a making photo's key when its row is deleted
 * (with its order, its move, or alone); the making-photos-cleanup job removes the files and the row.
 */
interface StoredFilesToRemoveTable {
  /** The original's key; its sizes are removed with it (making/photos.ts). */
  storageKey: string;
  /** When it was queued, or last failed to go: the job takes the oldest first. */
  createdAt: Generated<Timestamp>;
}

/**
 * Studio photos made from a product's reference photos (SPEC 2.11, 4 "AI enhancement job"): one row
 * per request, run by the pg-boss queue `ai-enhance` (src/ai/run-job.ts). The row, not pg-boss,
 * is what staff see; a job whose worker died is settled here by pg-boss's retry or expiry.
 */
interface AiJobsTable {
  id: Generated<string>;
  /** The product the photos are for; null while the product is new (not saved yet). */
  productId: number | null;
  /** queued, PROCESSING, COMPLETED or FAILED (SPEC 4's values as they are written). */
  status: string;
  prompt: string;
  /** What staff chose: product name and description, style hint, backdrop, size, sequential mode, watermark. */
  options: Json<Record<string, unknown>>;
  /** The reference photos' storage keys, in order (at most 10). */
  sources: Json<string[]>;
  /** Which engine ran it (local or remote), once it started. */
  engine: string | null;
  /** The engine's one line about what it made. */
  summary: string | null;
  progressDone: Generated<number>;
  progressTotal: Generated<number>;
  error: string | null;
  /** How often a worker has taken it up (a crashed worker's job is taken up again). */
  attempts: Generated<number>;
  createdBy: number | null;
  createdAt: Generated<Timestamp>;
  startedAt: Timestamp | null;
  finishedAt: Timestamp | null;
  updatedAt: Generated<Timestamp>;
}

/** One studio photo of a job, stored like an upload (its sizes beside it); staff add it to the product or discard it. */
interface AiResultsTable {
  id: Generated<number>;
  jobId: string;
  position: number;
  /** The original's key in storage, as an upload's `pathname`. */
  storageKey: string;
  /** studio, side, three-quarter, top, flat-lay or details (src/ai/engine.ts). */
  view: string;
  /** Which reference photo it was made from, or null when made from all. */
  sourceIndex: number | null;
  /** new, added (to the product's photos) or discarded. */
  state: Generated<string>;
  createdAt: Generated<Timestamp>;
}

export interface Database {
  products: ProductsTable;
  productImages: ProductImagesTable;
  contactMessages: ContactMessagesTable;
  customOrders: CustomOrdersTable;
  customOrderPhotos: CustomOrderPhotosTable;
  customQuotes: CustomQuotesTable;
  checkoutSessions: CheckoutSessionsTable;
  cacheVersions: CacheVersionsTable;
  cacheEntries: CacheEntriesTable;
  fxRateState: FxRateStateTable;
  orders: OrdersTable;
  orderEvents: OrderEventsTable;
  mailOutbox: MailOutboxTable;
  paymentAttempts: PaymentAttemptsTable;
  xenditEvents: XenditEventsTable;
  rateLimits: RateLimitsTable;
  staffAccounts: StaffAccountsTable;
  staffSessions: StaffSessionsTable;
  auditLog: AuditLogTable;
  orderNotes: OrderNotesTable;
  refunds: RefundsTable;
  refundStateStale: RefundStateStaleTable;
  orderReturns: OrderReturnsTable;
  aiJobs: AiJobsTable;
  aiResults: AiResultsTable;
  makingStages: MakingStagesTable;
  orderMaking: OrderMakingTable;
  makingEvents: MakingEventsTable;
  makingPhotos: MakingPhotosTable;
  storedFilesToRemove: StoredFilesToRemoveTable;
}

/** A row of a table as a query reads it. */
export type Row<T extends keyof Database> = Selectable<Database[T]>;
