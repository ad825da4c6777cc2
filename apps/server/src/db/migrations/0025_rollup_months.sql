-- The rollup's old publish days used to be folded into one '-infinity' bucket; they are now folded
-- into their calendar month (compactQueueCounts), so a deep page of a publish-date list can find the
-- month its rows fall in. Rebuild the rollup once from the creations, by day, exactly as the
-- triggers of 0004 key it; the daily compaction folds the old days into months again.
DELETE FROM "submission_counts";--> statement-breakpoint
INSERT INTO "submission_counts" ("status", "deleted", "top_level", "publish_day", "facts", "n")
SELECT "status", "deleted_at" IS NOT NULL, "model_type" <> 'set_item', ("publish_at" AT TIME ZONE 'UTC')::date, "queue_facts", count(*)::int
FROM "submissions" GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
