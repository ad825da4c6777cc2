DROP INDEX "submissions_member_status_idx";--> statement-breakpoint
DROP INDEX "submissions_live_status_idx";--> statement-breakpoint
DROP INDEX "submissions_publish_at_idx";--> statement-breakpoint
DROP INDEX "submissions_deleted_idx";--> statement-breakpoint
CREATE INDEX "submissions_live_updated_idx" ON "submissions" USING btree ("updated_at","id","model_type") WHERE "submissions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "submissions_member_updated_idx" ON "submissions" USING btree ("member_id","updated_at","id","model_type") WHERE "submissions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "submissions_live_status_idx" ON "submissions" USING btree ("status","updated_at","id","model_type") WHERE "submissions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "submissions_publish_at_idx" ON "submissions" USING btree ("publish_at" DESC NULLS LAST,"id" DESC NULLS FIRST,"model_type") WHERE "submissions"."status" = 'APPROVED' and "submissions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "submissions_deleted_idx" ON "submissions" USING btree ("deleted_at" DESC NULLS LAST,"id" DESC NULLS FIRST,"model_type") WHERE "submissions"."deleted_at" is not null;