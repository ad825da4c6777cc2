-- Trigram indexes for the free-text searches of SPEC 9 (a phrase anywhere in a name, keywords, a
-- user name, a legacy title or creator). pg_trgm is a trusted extension (PostgreSQL 13+): the
-- database owner may create it; PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "members_username_trgm_idx" ON "members" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "submissions_name_trgm_idx" ON "submissions" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "submissions_member_idx" ON "submissions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "submissions_keywords_trgm_idx" ON "submissions" USING gin ("keywords" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "legacy_items_title_trgm_idx" ON "legacy"."items" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "legacy_items_creator_name_trgm_idx" ON "legacy"."items" USING gin ("creator_name" gin_trgm_ops);
