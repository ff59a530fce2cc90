-- Receipts and credit notes (docs/decisions/0042): numbers from a gap-free series per year, given in
-- the transaction that confirms the payment or books the refund.
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_series_year_pk" PRIMARY KEY("series","year"),
	CONSTRAINT "document_counters_series_known" CHECK ("series" in ('receipt', 'credit_note'))
);--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"payment_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"designer_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"title" text NOT NULL,
	"amount" integer NOT NULL,
	"fee" integer NOT NULL,
	"fee_basis_points" integer NOT NULL,
	"currency" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_amounts" CHECK ("receipts"."amount" > 0 and "receipts"."fee" >= 0 and "receipts"."fee" <= "receipts"."amount")
);--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"receipt_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_amount_positive" CHECK ("credit_notes"."amount" > 0)
);--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_designer_id_users_id_fk" FOREIGN KEY ("designer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_number_unique" ON "receipts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_year_seq_unique" ON "receipts" USING btree ("year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_payment_unique" ON "receipts" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "receipts_buyer_idx" ON "receipts" USING btree ("buyer_id","issued_at");--> statement-breakpoint
CREATE INDEX "receipts_designer_idx" ON "receipts" USING btree ("designer_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_unique" ON "credit_notes" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_year_seq_unique" ON "credit_notes" USING btree ("year","seq");--> statement-breakpoint
CREATE INDEX "credit_notes_receipt_idx" ON "credit_notes" USING btree ("receipt_id");--> statement-breakpoint
-- Payments confirmed before this migration get their receipts now, numbered in the order they were confirmed, with
-- the fee line at the default rate (10%): the rate of their day is not recorded anywhere.
INSERT INTO "receipts" ("number", "year", "seq", "payment_id", "buyer_id", "designer_id", "item_type", "item_id", "title", "amount", "fee", "fee_basis_points", "currency", "issued_at")
  SELECT 'CUSP-' || y || '-' || lpad(n::text, 6, '0'), y, n, id, user_id, designer_id, item_type, item_id, title, amount, fee, bp, currency, used_at
  FROM (
    SELECT p.id, p.user_id, p.item_type, p.item_id, p.amount, p.currency, p.used_at,
           extract(year from p.used_at at time zone 'UTC')::int AS y,
           row_number() OVER (PARTITION BY extract(year from p.used_at at time zone 'UTC') ORDER BY p.used_at, p.id)::int AS n,
           coalesce(o.seller_id, c.creator_id) AS designer_id,
           coalesce(o.title, c.title, '') AS title,
           round(p.amount * 0.10)::int AS fee, 1000 AS bp
    FROM "payments" p
    LEFT JOIN "orders" o ON p.item_type = 'service' AND o.id = p.item_id
    LEFT JOIN "courses" c ON p.item_type = 'course' AND c.id = p.item_id
    WHERE p.used_at IS NOT NULL AND coalesce(o.seller_id, c.creator_id) IS NOT NULL
  ) paid;--> statement-breakpoint
-- And their refunds (each ledger movement that gave money back) get credit notes.
INSERT INTO "credit_notes" ("number", "year", "seq", "receipt_id", "amount", "currency", "issued_at")
  SELECT 'CUSP-CN-' || y || '-' || lpad(n::text, 6, '0'), y, n, receipt_id, amount, currency, created_at
  FROM (
    SELECT r.id AS receipt_id, r.currency, l.amount, l.created_at,
           extract(year from l.created_at at time zone 'UTC')::int AS y,
           row_number() OVER (PARTITION BY extract(year from l.created_at at time zone 'UTC') ORDER BY l.created_at, l.id)::int AS n
    FROM "ledger_entries" l JOIN "receipts" r ON r.payment_id = l.payment_id
    WHERE l.account = 'refunded' AND l.amount > 0
  ) refunds;--> statement-breakpoint
INSERT INTO "document_counters" ("series", "year", "last")
  SELECT 'receipt', "year", max("seq") FROM "receipts" GROUP BY "year"
  UNION ALL
  SELECT 'credit_note', "year", max("seq") FROM "credit_notes" GROUP BY "year";
