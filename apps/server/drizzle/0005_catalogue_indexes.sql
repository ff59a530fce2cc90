DROP INDEX "users_designer_idx";--> statement-breakpoint
DROP INDEX "services_created_idx";--> statement-breakpoint
DROP INDEX "services_sales_idx";--> statement-breakpoint
CREATE INDEX "users_designers_idx" ON "users" USING btree ("is_verified","created_at","id","specializations") WHERE is_designer;--> statement-breakpoint
CREATE INDEX "services_created_idx" ON "services" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "services_sales_idx" ON "services" USING btree ("sales","created_at");