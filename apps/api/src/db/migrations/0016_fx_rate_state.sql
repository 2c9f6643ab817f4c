-- The USD to IDR rate in use and a reading held back (pricing/fx-rate.ts): a reading more than 20 %
-- from the rate in use is taken only once staff confirm it or it has held for a day. One row a pair.
CREATE TABLE "fx_rate_state" (
	"pair" text PRIMARY KEY NOT NULL,
	"rate_in_use" text NOT NULL,
	"in_use_since" timestamp with time zone DEFAULT now() NOT NULL,
	"pending_rate" text,
	"pending_since" timestamp with time zone
);
