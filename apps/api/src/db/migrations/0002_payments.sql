CREATE TABLE "payment_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"method" text NOT NULL,
	"channel_code" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"xendit_request_id" text,
	"xendit_payment_id" text,
	"virtual_account_number" text,
	"payment_code" text,
	"qr_string" text,
	"redirect_url" text,
	"display_name" text,
	"expires_at" timestamp with time zone,
	"flag" text,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_xendit_request_id_unique" UNIQUE("xendit_request_id"),
	CONSTRAINT "payment_attempts_xendit_payment_id_unique" UNIQUE("xendit_payment_id")
);
--> statement-breakpoint
CREATE TABLE "xendit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"dedupe_key" text NOT NULL,
	"event" text NOT NULL,
	"webhook_id" text,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text,
	"flag" text,
	CONSTRAINT "xendit_events_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_order_attempt_idx" ON "payment_attempts" USING btree ("order_id","attempt");--> statement-breakpoint
CREATE INDEX "payment_attempts_status_idx" ON "payment_attempts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "xendit_events_unprocessed_idx" ON "xendit_events" USING btree ("id") WHERE processed_at is null;