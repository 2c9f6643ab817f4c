-- The stored files of a making photo go when its row goes, however it goes: its order deleted in the
-- database (the shop deletes no order; an operator may, e.g. for a customer's erasure request), its
-- move's event deleted, a waiting photo removed by staff or expired (docs/decisions/054-making-stages.md).
-- A trigger queues the photo's key in the transaction that deletes the row (nothing is queued if it
-- rolls back); the making-photos-cleanup job removes the files (the original and every size) and the
-- key, and leaves a key whose files would not go for a later run.
CREATE TABLE "stored_files_to_remove" (
	"storage_key" text PRIMARY KEY NOT NULL,
	-- When it was queued, or last failed to go: the job takes the oldest first.
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "stored_files_to_remove_created_idx" ON "stored_files_to_remove" USING btree ("created_at");--> statement-breakpoint
CREATE FUNCTION "making_photos_queue_files"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "public"."stored_files_to_remove" ("storage_key") VALUES (OLD."storage_key") ON CONFLICT DO NOTHING;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "making_photos_queue_files" AFTER DELETE ON "making_photos" FOR EACH ROW EXECUTE FUNCTION "making_photos_queue_files"();
