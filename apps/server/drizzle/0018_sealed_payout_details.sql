-- Payout details sealed at rest (docs/decisions/0043). The key is not in the database, so the rows kept in clear are
-- sealed by the server at start (sealLegacyPayoutDetails), which then empties the old columns.
ALTER TABLE "payout_details" ADD COLUMN "sealed" text;
--> statement-breakpoint
-- The Stripe account a payout was requested to, so that a Transfer pays it there even if the details change later.
ALTER TABLE "payouts" ADD COLUMN "stripe_account" text;
