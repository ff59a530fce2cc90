-- Money a designer can trust (docs/decisions/0035, 0036): disputes and partial refund offers, payouts,
-- and a ledger whose entries sum to zero. Money taken from a buyer is now booked against a `funding` account
-- (negative: what came in through the payment provider), so every movement, the first included, balances.
ALTER TABLE "ledger_entries" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
INSERT INTO "ledger_entries" ("payment_id", "order_id", "course_id", "account", "amount", "kind", "created_at")
  SELECT p.id,
         CASE WHEN p.item_type = 'service' THEN p.item_id END,
         CASE WHEN p.item_type = 'course' THEN p.item_id END,
         'funding', -p.amount, 'payment', p.used_at
  FROM "payments" p WHERE p.used_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_payout_idx" ON "ledger_entries" USING btree ("payout_id");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_offer_amount" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_offer_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_offer_within" CHECK ("refund_offer_amount" IS NULL OR ("refund_offer_amount" > 0 AND "refund_offer_amount" < "price"));--> statement-breakpoint
CREATE TABLE "disputes" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"statement" text NOT NULL,
	"response" text,
	"responded_at" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"buyer_amount" integer,
	"designer_amount" integer,
	"fee" integer,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_open_idx" ON "disputes" USING btree ("created_at") WHERE status = 'open';--> statement-breakpoint
CREATE TABLE "payout_details" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"account_holder" text,
	"iban" text,
	"bank_name" text,
	"stripe_account" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "payout_details" ADD CONSTRAINT "payout_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"destination" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reference" text,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("amount" > 0)
);--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_requested_idx" ON "payouts" USING btree ("created_at") WHERE status = 'requested';
