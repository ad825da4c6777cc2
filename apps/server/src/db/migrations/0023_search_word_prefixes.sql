CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
-- The words table now holds every word of letters only (descriptions too): every document is written again to fill it.
UPDATE "search_documents" SET "stale_at" = clock_timestamp() WHERE "in_index";
