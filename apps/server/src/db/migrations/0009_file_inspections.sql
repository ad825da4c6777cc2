CREATE TABLE "file_inspections" (
	"sha256" text PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"status" text NOT NULL,
	"result" jsonb,
	"error_code" text,
	"error_message" text,
	"reader_version" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
