-- Turnaround tiers, rescans and paid extra revisions (docs/decisions/0041): a service's
-- rush and standby tiers and its price per extra revision; an order's chosen tier, that price as ordered, and a
-- designer's rescan request that stops the due clock (the time left is kept until the buyer's new files arrive).
ALTER TABLE "services" ADD COLUMN "rush_days" smallint;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "rush_surcharge_percent" smallint;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "standby_days" smallint;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "standby_discount_percent" smallint;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "extra_revision_price" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tier" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "extra_revision_price" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "waiting_for_scans" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rescan_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_remaining_ms" bigint;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_rush_tier" CHECK (("services"."rush_days" is null) = ("services"."rush_surcharge_percent" is null));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_standby_tier" CHECK (("services"."standby_days" is null) = ("services"."standby_discount_percent" is null));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_extra_revision_price_positive" CHECK ("services"."extra_revision_price" is null or "services"."extra_revision_price" > 0);
