-- The order desk (docs/decisions/0033): short order numbers from a sequence (unique under concurrent
-- orders; existing orders get theirs from the column default as it is added), the due date set at payment, a
-- designer's pending request for more time, its days on the timeline, the designer's reply to a review, and
-- indexes for the orders list's sorts (last activity is updated_at, which every change of an order sets).
CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "days" smallint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" integer DEFAULT nextval('order_number_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "extension_days" smallint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "extension_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_text" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_unique" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_buyer_activity_idx" ON "orders" USING btree ("buyer_id","updated_at");--> statement-breakpoint
CREATE INDEX "orders_seller_activity_idx" ON "orders" USING btree ("seller_id","updated_at");--> statement-breakpoint
CREATE INDEX "orders_buyer_due_idx" ON "orders" USING btree ("buyer_id","due_at");--> statement-breakpoint
CREATE INDEX "orders_seller_due_idx" ON "orders" USING btree ("seller_id","due_at");--> statement-breakpoint
-- Orders paid before this: due at the end of the prescription's date, else the delivery time after payment.
UPDATE "orders" SET "due_at" = coalesce(("prescription"->>'dueBy')::date + interval '1 day' - interval '1 second', "paid_at" + "delivery_days" * interval '1 day') WHERE "paid_at" IS NOT NULL;
