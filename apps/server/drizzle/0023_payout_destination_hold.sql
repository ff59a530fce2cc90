-- When the payout destination last changed (docs/decisions/0051): payouts to it wait 72 hours after. Details saved
-- before this migration count from their last save (updated_at), so a change made in the last 72 hours is held too.
ALTER TABLE "payout_details" ADD COLUMN "changed_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "payout_details" SET "changed_at" = "updated_at";
--> statement-breakpoint
ALTER TABLE "payout_details" ALTER COLUMN "changed_at" SET DEFAULT now();
--> statement-breakpoint
ALTER TABLE "payout_details" ALTER COLUMN "changed_at" SET NOT NULL;
