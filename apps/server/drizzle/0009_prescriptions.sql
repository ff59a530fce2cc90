-- The dental prescription (ADR 0025, docs/decisions/0028): orders keep a copy of their prescription
-- (null for orders placed before: the API answers an empty one with the requirements as notes), case files a
-- role (files uploaded before are 'other'), revision requests the teeth they point at, buyers their presets,
-- and services what they design. Existing services get capabilities derived from their tags and titles and
-- their designer's CAD software (below); new ones say it themselves.
CREATE TABLE "prescription_presets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"design" jsonb NOT NULL,
	"material" text,
	"shade" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "restorations" text[] DEFAULT '{crown}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "materials" text[] DEFAULT '{zirconia_monolithic}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "software" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "output_formats" text[] DEFAULT '{stl}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "units" smallint[];--> statement-breakpoint
ALTER TABLE "order_files" ADD COLUMN "role" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prescription" jsonb;--> statement-breakpoint
UPDATE "services" SET
  "restorations" = coalesce((
    SELECT array_agg(DISTINCT r ORDER BY r) FROM unnest(
      CASE WHEN 'Crown' = ANY("tags") THEN ARRAY['crown'] ELSE '{}'::text[] END
      || CASE WHEN 'Bridge' = ANY("tags") THEN ARRAY['crown', 'bridge_retainer', 'pontic'] ELSE '{}'::text[] END
      || CASE WHEN 'Veneer' = ANY("tags") THEN ARRAY['veneer'] ELSE '{}'::text[] END
      || CASE WHEN 'Implant' = ANY("tags") THEN ARRAY['implant_crown_screw', 'implant_crown_cement', 'custom_abutment'] ELSE '{}'::text[] END
      || CASE WHEN 'Dentures' = ANY("tags") THEN ARRAY['denture_tooth'] ELSE '{}'::text[] END
      || CASE WHEN 'Root Canal' = ANY("tags") THEN ARRAY['post_core'] ELSE '{}'::text[] END
      || CASE WHEN "title" ~* '\minlays?\M' THEN ARRAY['inlay'] ELSE '{}'::text[] END
      || CASE WHEN "title" ~* '\monlays?\M' THEN ARRAY['onlay'] ELSE '{}'::text[] END
      || CASE WHEN "title" ~* '\mcopings?\M' THEN ARRAY['coping'] ELSE '{}'::text[] END
      || CASE WHEN "title" ~* '\mbridges?\M' THEN ARRAY['bridge_retainer', 'pontic'] ELSE '{}'::text[] END
      || CASE WHEN "title" ~* '\mveneers?\M' THEN ARRAY['veneer'] ELSE '{}'::text[] END
    ) AS r), '{crown}'::text[]),
  "materials" = (
    SELECT array_agg(DISTINCT m ORDER BY m) FROM unnest(
      ARRAY['zirconia_monolithic']
      || CASE WHEN "tags" && ARRAY['Crown', 'Bridge', 'Veneer'] OR "title" ~* '(e\.?max|lithium|disilicate)' THEN ARRAY['lithium_disilicate'] ELSE '{}'::text[] END
      || CASE WHEN "tags" && ARRAY['Crown', 'Bridge'] OR "title" ~* 'layered' THEN ARRAY['zirconia_layered'] ELSE '{}'::text[] END
      || CASE WHEN 'Implant' = ANY("tags") OR "title" ~* 'titanium' THEN ARRAY['titanium'] ELSE '{}'::text[] END
      || CASE WHEN 'Dentures' = ANY("tags") OR "title" ~* '(pmma|temporar)' THEN ARRAY['pmma_temporary'] ELSE '{}'::text[] END
    ) AS m),
  "software" = coalesce((
    SELECT array_agg(DISTINCT s ORDER BY s) FROM (
      SELECT CASE
        WHEN lower(c) LIKE '%exocad%' THEN 'exocad'
        WHEN lower(c) LIKE '%3shape%' THEN '3shape'
        WHEN lower(c) LIKE '%inlab%' OR lower(c) LIKE '%cerec%' THEN 'inlab_cerec'
        WHEN lower(c) LIKE '%blender%' THEN 'blender_for_dental'
        ELSE 'other' END AS s
      FROM "users" u, unnest(u."cad_software") AS c WHERE u."id" = "services"."user_id"
    ) AS found), '{}'::text[]);--> statement-breakpoint
ALTER TABLE "prescription_presets" ADD CONSTRAINT "prescription_presets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prescription_presets_user_idx" ON "prescription_presets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "prescription_presets_name_unique" ON "prescription_presets" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "prescription_presets_default_unique" ON "prescription_presets" USING btree ("user_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "services_restorations_idx" ON "services" USING gin ("restorations");--> statement-breakpoint
CREATE INDEX "services_materials_idx" ON "services" USING gin ("materials");--> statement-breakpoint
CREATE INDEX "services_software_idx" ON "services" USING gin ("software");--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_restorations_present" CHECK (cardinality("services"."restorations") > 0);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_materials_present" CHECK (cardinality("services"."materials") > 0);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_output_formats_present" CHECK (cardinality("services"."output_formats") > 0);