-- The durable job queue (docs/decisions/0053): effects recorded with the change that causes them, carried out after.
CREATE TABLE "jobs" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "kind" text NOT NULL,
  "key" text NOT NULL,
  "payload" jsonb NOT NULL,
  "run_after" timestamp with time zone DEFAULT now() NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "locked_until" timestamp with time zone,
  "last_error" text,
  "done_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "jobs_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_after") WHERE "jobs"."done_at" is null;
--> statement-breakpoint
-- Every instance's worker hears of a new job once its transaction commits (a notification inside a transaction is
-- delivered only if it commits), so a mail leaves at once rather than at the next poll.
CREATE OR REPLACE FUNCTION jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cusp_jobs', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER jobs_inserted AFTER INSERT ON jobs FOR EACH STATEMENT EXECUTE FUNCTION jobs_notify();
--> statement-breakpoint
CREATE TABLE "provider_refunds" (
  "key" text PRIMARY KEY NOT NULL,
  "payment_id" uuid NOT NULL REFERENCES "payments"("id") ON DELETE restrict,
  "amount" integer NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "provider_refunds_payment_idx" ON "provider_refunds" USING btree ("payment_id");
