CREATE TABLE "package_resources" (
	"sha256" text PRIMARY KEY NOT NULL,
	"total" integer NOT NULL,
	"resources" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "package_resources" ADD CONSTRAINT "package_resources_sha256_file_inspections_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."file_inspections"("sha256") ON DELETE cascade ON UPDATE no action;