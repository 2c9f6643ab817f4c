CREATE TABLE "custom_order_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"custom_order_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"hat_type" text NOT NULL,
	"material" text NOT NULL,
	"size" text NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"details" text NOT NULL,
	"budget" text DEFAULT '' NOT NULL,
	"budget_min" integer,
	"budget_max" integer,
	"timeline" text NOT NULL,
	"locale" text NOT NULL,
	"admin_notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "custom_order_id" integer;--> statement-breakpoint
ALTER TABLE "custom_order_photos" ADD CONSTRAINT "custom_order_photos_custom_order_id_custom_orders_id_fk" FOREIGN KEY ("custom_order_id") REFERENCES "public"."custom_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_order_photos_order_idx" ON "custom_order_photos" USING btree ("custom_order_id","position");--> statement-breakpoint
CREATE INDEX "custom_orders_created_idx" ON "custom_orders" USING btree ("created_at","id");