CREATE TABLE "legacy_file_hashes" (
	"legacy_file_id" integer PRIMARY KEY NOT NULL,
	"legacy_item_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"filename" text NOT NULL,
	"filesize" bigint NOT NULL,
	"version" integer NOT NULL,
	"sha256" text,
	"hashed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_hash_sweep" (
	"id" integer PRIMARY KEY NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "legacy_file_hashes_sha256_index" ON "legacy_file_hashes" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "legacy_file_hashes_legacy_item_id_index" ON "legacy_file_hashes" USING btree ("legacy_item_id");