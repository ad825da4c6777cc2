CREATE TABLE "queue_snapshots" (
	"day" date NOT NULL,
	"queue" text NOT NULL,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queue_snapshots_day_queue_pk" PRIMARY KEY("day","queue")
);
--> statement-breakpoint
CREATE TABLE "review_locks" (
	"submission_id" integer PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"locked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_locks" ADD CONSTRAINT "review_locks_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_locks" ADD CONSTRAINT "review_locks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submissions_publish_due_idx" ON "submissions" USING btree ("publish_at") WHERE "submissions"."status" = 'APPROVED' and "submissions"."published_at" is null and "submissions"."deleted_at" is null;--> statement-breakpoint
UPDATE "submissions" SET "published_at" = "publish_at" WHERE "status" = 'APPROVED' AND "publish_at" <= now();
