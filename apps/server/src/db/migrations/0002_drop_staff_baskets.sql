DROP TABLE "staff_basket_files" CASCADE;--> statement-breakpoint
DROP TABLE "staff_baskets" CASCADE;