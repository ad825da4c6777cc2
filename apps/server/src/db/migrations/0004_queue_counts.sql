CREATE TABLE "submission_counts" (
	"status" text NOT NULL,
	"deleted" boolean NOT NULL,
	"top_level" boolean NOT NULL,
	"publish_day" date,
	"facts" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "submission_counts_bucket_key" UNIQUE NULLS NOT DISTINCT("status","deleted","top_level","publish_day","facts")
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "queue_facts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The queue facts of one submission as bits (modules/queue/queue.sql.ts QUEUE_FACT_BITS names them):
-- 1 unfinished test, 2 failed uncleared test, 4 unfinished update test, 8 failed uncleared update
-- test, 16 open report, 32 pending update request.
CREATE FUNCTION "submission_queue_facts"(sid integer) RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (
      CASE WHEN EXISTS (SELECT 1 FROM "tests" t WHERE t."submission_id" = sid AND t."update_request_id" IS NULL AND t."status" IN ('OPEN', 'IN_PROGRESS')) THEN 1 ELSE 0 END
    | CASE WHEN EXISTS (SELECT 1 FROM "tests" t WHERE t."submission_id" = sid AND t."update_request_id" IS NULL AND t."status" = 'DONE' AND t."test_result" = 'FAILED') THEN 2 ELSE 0 END
    | CASE WHEN EXISTS (SELECT 1 FROM "tests" t WHERE t."submission_id" = sid AND t."update_request_id" IS NOT NULL AND t."status" IN ('OPEN', 'IN_PROGRESS')) THEN 4 ELSE 0 END
    | CASE WHEN EXISTS (SELECT 1 FROM "tests" t WHERE t."submission_id" = sid AND t."update_request_id" IS NOT NULL AND t."status" = 'DONE' AND t."test_result" = 'FAILED') THEN 8 ELSE 0 END
    | CASE WHEN EXISTS (SELECT 1 FROM "reports" r WHERE r."submission_id" = sid AND r."deleted_at" IS NULL) THEN 16 ELSE 0 END
    | CASE WHEN EXISTS (SELECT 1 FROM "update_requests" u WHERE u."submission_id" = sid AND u."status" = 'PENDING') THEN 32 ELSE 0 END
  )::smallint
$$;
--> statement-breakpoint
-- Keeps submissions.queue_facts true after any change to tests, reports or update requests (of the
-- submissions they name before and after). A submission deleted in the same statement is gone and
-- left alone.
CREATE FUNCTION "submission_queue_facts_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "submissions" s SET "queue_facts" = f.facts
      FROM (SELECT DISTINCT "submission_id" AS id FROM new_rows) c, LATERAL (SELECT "submission_queue_facts"(c.id) AS facts) f
      WHERE s."id" = c.id AND s."queue_facts" <> f.facts;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "submissions" s SET "queue_facts" = f.facts
      FROM (SELECT DISTINCT "submission_id" AS id FROM old_rows) c, LATERAL (SELECT "submission_queue_facts"(c.id) AS facts) f
      WHERE s."id" = c.id AND s."queue_facts" <> f.facts;
  ELSE
    UPDATE "submissions" s SET "queue_facts" = f.facts
      FROM (SELECT "submission_id" AS id FROM new_rows UNION SELECT "submission_id" FROM old_rows) c,
           LATERAL (SELECT "submission_queue_facts"(c.id) AS facts) f
      WHERE s."id" = c.id AND s."queue_facts" <> f.facts;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tests_queue_facts_insert" AFTER INSERT ON "tests" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "submission_queue_facts_refresh"();
--> statement-breakpoint
CREATE TRIGGER "tests_queue_facts_update" AFTER UPDATE ON "tests" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "submission_queue_facts_refresh"();
--> statement-breakpoint
CREATE TRIGGER "tests_queue_facts_delete" AFTER DELETE ON "tests" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "submission_queue_facts_refresh"();
--> statement-breakpoint
CREATE TRIGGER "reports_queue_facts_insert" AFTER INSERT ON "reports" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "submission_queue_facts_refresh"();
--> statement-breakpoint
CREATE TRIGGER "reports_queue_facts_update" AFTER UPDATE ON "reports" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "submission_queue_facts_refresh"();
--> statement-breakpoint
CREATE TRIGGER "reports_queue_facts_delete" AFTER DELETE ON "reports" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "submission_queue_facts_refresh"();
--> statement-breakpoint
CREATE TRIGGER "update_requests_queue_facts_insert" AFTER INSERT ON "update_requests" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "submission_queue_facts_refresh"();
--> statement-breakpoint
CREATE TRIGGER "update_requests_queue_facts_update" AFTER UPDATE ON "update_requests" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "submission_queue_facts_refresh"();
--> statement-breakpoint
CREATE TRIGGER "update_requests_queue_facts_delete" AFTER DELETE ON "update_requests" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "submission_queue_facts_refresh"();
--> statement-breakpoint
-- Keeps submission_counts exact: statement triggers add the new rows' buckets and subtract the old
-- rows' buckets, grouped, so a bulk insert is one upsert and an update that moves no bucket (most
-- edits) touches nothing. Buckets are upserted in key order, so two writers lock them in the same order.
CREATE FUNCTION "submission_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "submission_counts" AS c ("status", "deleted", "top_level", "publish_day", "facts", "n")
    SELECT "status", "deleted_at" IS NOT NULL, "model_type" <> 'set_item', ("publish_at" AT TIME ZONE 'UTC')::date, "queue_facts", count(*)::int FROM new_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "submission_counts_bucket_key" DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "submission_counts" AS c ("status", "deleted", "top_level", "publish_day", "facts", "n")
    SELECT "status", "deleted_at" IS NOT NULL, "model_type" <> 'set_item', ("publish_at" AT TIME ZONE 'UTC')::date, "queue_facts", -count(*)::int FROM old_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "submission_counts_bucket_key" DO UPDATE SET "n" = c."n" + excluded."n";
  ELSE
    INSERT INTO "submission_counts" AS c ("status", "deleted", "top_level", "publish_day", "facts", "n")
    SELECT "status", "deleted", "top_level", "publish_day", "facts", sum("n")::int FROM (
        SELECT "status", "deleted_at" IS NOT NULL, "model_type" <> 'set_item', ("publish_at" AT TIME ZONE 'UTC')::date, "queue_facts", 1 AS "n" FROM new_rows
        UNION ALL
        SELECT "status", "deleted_at" IS NOT NULL, "model_type" <> 'set_item', ("publish_at" AT TIME ZONE 'UTC')::date, "queue_facts", -1 FROM old_rows
      ) d ("status", "deleted", "top_level", "publish_day", "facts", "n")
      GROUP BY 1, 2, 3, 4, 5 HAVING sum("n") <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "submission_counts_bucket_key" DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "submission_counts_insert" AFTER INSERT ON "submissions" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "submission_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "submission_counts_update" AFTER UPDATE ON "submissions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "submission_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "submission_counts_delete" AFTER DELETE ON "submissions" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "submission_counts_apply"();
--> statement-breakpoint
CREATE FUNCTION "submission_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "submission_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "submission_counts_truncate" AFTER TRUNCATE ON "submissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "submission_counts_clear"();
--> statement-breakpoint
UPDATE "submissions" SET "queue_facts" = "submission_queue_facts"("id")
  WHERE "id" IN (SELECT "submission_id" FROM "tests" UNION SELECT "submission_id" FROM "reports" UNION SELECT "submission_id" FROM "update_requests");
--> statement-breakpoint
DELETE FROM "submission_counts";
--> statement-breakpoint
INSERT INTO "submission_counts" ("status", "deleted", "top_level", "publish_day", "facts", "n")
SELECT "status", "deleted_at" IS NOT NULL, "model_type" <> 'set_item', ("publish_at" AT TIME ZONE 'UTC')::date, "queue_facts", count(*)::int FROM "submissions" GROUP BY 1, 2, 3, 4, 5;
