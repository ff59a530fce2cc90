-- array_to_string is only STABLE; generated search columns need an IMMUTABLE wrapper.
CREATE OR REPLACE FUNCTION immutable_array_to_string(text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string($1, ' ') $$;
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"tags" text[] NOT NULL,
	"tooth_price" integer NOT NULL,
	"crown_price" integer,
	"unit_or_arch" text DEFAULT 'unit' NOT NULL,
	"delivery_time" integer DEFAULT 1 NOT NULL,
	"revisions" integer DEFAULT 1 NOT NULL,
	"cover" text,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"total_stars" integer DEFAULT 0 NOT NULL,
	"star_number" integer DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', immutable_array_to_string(tags)), 'B') || setweight(to_tsvector('simple', coalesce(description, '')), 'C')) STORED,
	CONSTRAINT "services_price_positive" CHECK ("services"."tooth_price" > 0),
	CONSTRAINT "services_tags_present" CHECK (cardinality("services"."tags") > 0)
);
--> statement-breakpoint
DROP INDEX "users_designer_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(username, '') || ' ' || coalesce(description, '') || ' ' || immutable_array_to_string(specializations))) STORED;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "services_user_idx" ON "services" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "services_created_idx" ON "services" USING btree ("created_at") WHERE not hidden;--> statement-breakpoint
CREATE INDEX "services_sales_idx" ON "services" USING btree ("sales","created_at") WHERE not hidden;--> statement-breakpoint
CREATE INDEX "services_price_idx" ON "services" USING btree ("tooth_price") WHERE not hidden;--> statement-breakpoint
CREATE INDEX "services_tags_idx" ON "services" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "services_search_idx" ON "services" USING gin ("search");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search");--> statement-breakpoint
CREATE INDEX "users_specializations_idx" ON "users" USING gin ("specializations");--> statement-breakpoint
CREATE INDEX "users_designer_idx" ON "users" USING btree ("is_designer","created_at");