ALTER TABLE "member_preferences" ADD COLUMN "color_scheme" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_preferences" ADD CONSTRAINT "member_preferences_color_scheme_check" CHECK ("color_scheme" IN ('auto', 'light', 'dark'));
