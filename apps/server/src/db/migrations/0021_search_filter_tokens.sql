CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "search_entries_name_trgm_idx";--> statement-breakpoint
DROP INDEX "search_entries_category_ids_idx";--> statement-breakpoint
DROP INDEX "search_entries_tag_ids_idx";--> statement-breakpoint
DROP INDEX "search_entries_creator_idx";--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- Every document is written again by the search-index job, now with its filter tokens and its name's words.
UPDATE "search_documents" SET "stale_at" = clock_timestamp() WHERE "in_index";
