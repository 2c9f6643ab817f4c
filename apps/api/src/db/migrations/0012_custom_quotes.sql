CREATE TABLE "custom_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"custom_order_id" integer NOT NULL,
	"version" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"description" text NOT NULL,
	"production_time" text NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"status" text DEFAULT 'SENT' NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" text,
	"closed_at" timestamp with time zone,
	CONSTRAINT "custom_quotes_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "product_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "custom_order_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_idr" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "part" text DEFAULT 'FULL' NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_quotes" ADD CONSTRAINT "custom_quotes_custom_order_id_custom_orders_id_fk" FOREIGN KEY ("custom_order_id") REFERENCES "public"."custom_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_quotes" ADD CONSTRAINT "custom_quotes_created_by_staff_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_quotes_version_idx" ON "custom_quotes" USING btree ("custom_order_id","version");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_custom_order_id_custom_orders_id_fk" FOREIGN KEY ("custom_order_id") REFERENCES "public"."custom_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_custom_order_idx" ON "orders" USING btree ("custom_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_quote_idx" ON "orders" USING btree ("quote_id");