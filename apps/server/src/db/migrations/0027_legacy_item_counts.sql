CREATE TABLE "legacy"."item_counts" (
	"bucket" integer NOT NULL,
	"game" integer NOT NULL,
	"status" text NOT NULL,
	"is_hidden" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "item_counts_bucket_game_status_is_hidden_pk" PRIMARY KEY("bucket","game","status","is_hidden")
);
--> statement-breakpoint
-- Keeps legacy.item_counts exact, as submission_counts is kept (migration 0004): statement triggers
-- add the new rows' buckets and subtract the old rows', grouped and upserted in key order. The
-- bucket is the item's id / 10000 (LEGACY_COUNT_BUCKET in db/schema/legacy.ts).
CREATE FUNCTION "legacy"."item_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "legacy"."item_counts" AS c ("bucket", "game", "status", "is_hidden", "n")
    SELECT "id" / 10000, "game", "status", "is_hidden", count(*)::int FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("bucket", "game", "status", "is_hidden") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "legacy"."item_counts" AS c ("bucket", "game", "status", "is_hidden", "n")
    SELECT "id" / 10000, "game", "status", "is_hidden", -count(*)::int FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("bucket", "game", "status", "is_hidden") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSE
    INSERT INTO "legacy"."item_counts" AS c ("bucket", "game", "status", "is_hidden", "n")
    SELECT "bucket", "game", "status", "is_hidden", sum("n")::int FROM (
        SELECT "id" / 10000, "game", "status", "is_hidden", 1 FROM new_rows
        UNION ALL
        SELECT "id" / 10000, "game", "status", "is_hidden", -1 FROM old_rows
      ) d ("bucket", "game", "status", "is_hidden", "n")
      GROUP BY 1, 2, 3, 4 HAVING sum("n") <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("bucket", "game", "status", "is_hidden") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "item_counts_insert" AFTER INSERT ON "legacy"."items" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "legacy"."item_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "item_counts_update" AFTER UPDATE ON "legacy"."items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "legacy"."item_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "item_counts_delete" AFTER DELETE ON "legacy"."items" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "legacy"."item_counts_apply"();
--> statement-breakpoint
CREATE FUNCTION "legacy"."item_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "legacy"."item_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "item_counts_truncate" AFTER TRUNCATE ON "legacy"."items"
  FOR EACH STATEMENT EXECUTE FUNCTION "legacy"."item_counts_clear"();
--> statement-breakpoint
INSERT INTO "legacy"."item_counts" ("bucket", "game", "status", "is_hidden", "n")
SELECT "id" / 10000, "game", "status", "is_hidden", count(*)::int FROM "legacy"."items" GROUP BY 1, 2, 3, 4;
