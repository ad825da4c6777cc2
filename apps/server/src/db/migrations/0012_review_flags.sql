ALTER TABLE "members" ADD COLUMN "is_trusted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "possible_duplicate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "fast_track" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "submissions_review_flags_idx" ON "submissions" USING btree ("status","updated_at","id") WHERE ("submissions"."possible_duplicate" or "submissions"."fast_track") and "submissions"."deleted_at" is null;