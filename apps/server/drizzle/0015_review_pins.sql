-- Review pins (ADR 0037): points on an order's meshes, in the file's own coordinates, each with what
-- should change there; they belong to the revision request that sent them. The acceptance records which
-- delivered files the buyer approved.
CREATE TABLE "order_pins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"number" smallint NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"z" double precision NOT NULL,
	"note" text NOT NULL,
	"camera" jsonb,
	"measurement_mm" double precision,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_pins" ADD CONSTRAINT "order_pins_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_pins" ADD CONSTRAINT "order_pins_event_id_order_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."order_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_pins" ADD CONSTRAINT "order_pins_file_id_order_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."order_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_pins_order_idx" ON "order_pins" USING btree ("order_id","event_id","number");--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "approved_files" uuid[];
