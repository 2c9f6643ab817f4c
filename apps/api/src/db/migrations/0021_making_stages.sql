-- The making of hats made for their orders, in stages with workshop photos
-- (docs/decisions/054-making-stages.md).
-- A hat of the collection is made to order (SPEC 2.4: 'Each hat is made to order') unless staff
-- mark it a ready hat in stock, which ships as it is.
ALTER TABLE "products" ADD COLUMN "made_to_order" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The delivery day the checkout promised (the workshop's calendar, YYYY-MM-DD); null for orders
-- placed before it was kept.
ALTER TABLE "orders" ADD COLUMN "promised_delivery_day" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promised_delivery_day_check" CHECK ("promised_delivery_day" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$');--> statement-breakpoint
-- When the customer stopped the e-mails about the making's stages (the order's own e-mails still go).
ALTER TABLE "orders" ADD COLUMN "stage_mails_stopped_at" timestamp with time zone;--> statement-breakpoint
-- The shop's stage list. Orders and events point to a stage by id; a stage taken off the list is
-- retired (position null), never deleted, so the orders that passed through it keep its names.
CREATE TABLE "making_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" integer,
	"name_en" text NOT NULL,
	"name_ru" text NOT NULL,
	"usual_days" integer NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "making_stages_usual_days_check" CHECK ("usual_days" BETWEEN 0 AND 60),
	CONSTRAINT "making_stages_retired_check" CHECK (("position" IS NULL) = ("retired_at" IS NOT NULL))
);--> statement-breakpoint
CREATE UNIQUE INDEX "making_stages_position_idx" ON "making_stages" USING btree ("position") WHERE "position" IS NOT NULL;--> statement-breakpoint
INSERT INTO "making_stages" ("position", "name_en", "name_ru", "usual_days") VALUES
	(1, 'Weaving', 'Плетение', 6),
	(2, 'Blocking', 'Формовка', 2),
	(3, 'Finishing', 'Отделка', 1),
	(4, 'Quality check', 'Проверка качества', 1),
	(5, 'Ready', 'Готово', 0);--> statement-breakpoint
-- An order's making: why it is made (made-to-order, custom, adjusting), the stage it is in and
-- since when; ended_at once it reached the last stage (Ready). One per order.
CREATE TABLE "order_making" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"stage_id" integer NOT NULL,
	"stage_since" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "order_making" ADD CONSTRAINT "order_making_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_making" ADD CONSTRAINT "order_making_stage_id_making_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."making_stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_making_stage_idx" ON "order_making" USING btree ("stage_id", "stage_since");--> statement-breakpoint
-- Each stage change: from (null: the making's start) and to, forward or back (with the reason),
-- the note for the customer in each language and whether they are told, who and when.
CREATE TABLE "making_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"from_stage_id" integer,
	"to_stage_id" integer NOT NULL,
	"direction" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"note_en" text DEFAULT '' NOT NULL,
	"note_ru" text DEFAULT '' NOT NULL,
	"tell_customer" boolean DEFAULT false NOT NULL,
	"staff_id" integer,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "making_events" ADD CONSTRAINT "making_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "making_events" ADD CONSTRAINT "making_events_from_stage_id_making_stages_id_fk" FOREIGN KEY ("from_stage_id") REFERENCES "public"."making_stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "making_events" ADD CONSTRAINT "making_events_to_stage_id_making_stages_id_fk" FOREIGN KEY ("to_stage_id") REFERENCES "public"."making_stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "making_events" ADD CONSTRAINT "making_events_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "making_events_order_idx" ON "making_events" USING btree ("order_id", "created_at", "id");--> statement-breakpoint
-- A stage photo, private to its order (stored under private/making/<order>/): waiting for its move
-- (event_id null) once uploaded, then that move's (up to 5).
CREATE TABLE "making_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"event_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"staff_id" integer,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "making_photos" ADD CONSTRAINT "making_photos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "making_photos" ADD CONSTRAINT "making_photos_event_id_making_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."making_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "making_photos" ADD CONSTRAINT "making_photos_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "making_photos_order_idx" ON "making_photos" USING btree ("order_id", "event_id", "position");--> statement-breakpoint
CREATE INDEX "making_photos_waiting_idx" ON "making_photos" USING btree ("created_at") WHERE "event_id" IS NULL;--> statement-breakpoint
-- Orders being made when the shop is upgraded (paid, deposit paid for a custom hat, and not yet
-- shipped, delivered, completed or cancelled: the dashboard's "To be made") start in the first
-- stage, dated when they were paid: their first payment event, else when they were placed.
INSERT INTO "order_making" ("order_id", "reason", "stage_id", "stage_since", "started_at")
	SELECT "o"."id",
		CASE WHEN "o"."custom_order_id" IS NOT NULL OR "o"."quote_id" IS NOT NULL THEN 'custom' ELSE 'made-to-order' END,
		(SELECT "id" FROM "making_stages" WHERE "position" = 1),
		"p"."paid_at", "p"."paid_at"
	FROM "orders" AS "o"
	CROSS JOIN LATERAL (
		SELECT coalesce(
			(SELECT min("e"."created_at") FROM "order_events" AS "e"
				WHERE "e"."order_id" = "o"."id" AND "e"."payment_status" IN ('SUCCEEDED', 'DEPOSIT_PAID')),
			"o"."created_at") AS "paid_at"
	) AS "p"
	WHERE "o"."status" IN ('PROCESSING', 'CONTACTED', 'IN_PROGRESS')
		AND "o"."payment_status" IN ('SUCCEEDED', 'DEPOSIT_PAID');--> statement-breakpoint
INSERT INTO "making_events" ("order_id", "from_stage_id", "to_stage_id", "direction", "actor", "created_at")
	SELECT "order_id", NULL, "stage_id", 'start', 'system', "started_at" FROM "order_making";
