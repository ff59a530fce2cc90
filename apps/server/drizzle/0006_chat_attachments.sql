CREATE TABLE "conversation_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"uploader_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"type" text NOT NULL,
	"size" bigint NOT NULL,
	"legacy_key" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_attachments" ADD CONSTRAINT "conversation_attachments_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_attachments" ADD CONSTRAINT "conversation_attachments_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_attachments_conversation_idx" ON "conversation_attachments" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "conversation_attachments_unclaimed_idx" ON "conversation_attachments" USING btree ("created_at") WHERE claimed_at is null;--> statement-breakpoint
CREATE INDEX "conversation_attachments_legacy_idx" ON "conversation_attachments" USING btree ("legacy_key") WHERE legacy_key is not null;--> statement-breakpoint
-- Chat attachments sent before this migration are public /media objects (images/, videos/, files/).
-- Each distinct file of a conversation becomes a private attachment under chat/; the object itself is
-- moved by the 'move-chat-attachments' job (modules/messaging/attachments.service.ts), which copies
-- legacy_key to storage_key, deletes the public object and clears legacy_key. Until then the private
-- address serves the old object.
INSERT INTO "conversation_attachments" ("id", "conversation_id", "uploader_id", "storage_key", "name", "content_type", "type", "size", "legacy_key", "claimed_at", "created_at")
SELECT "id", "conversation_id", "user_id", 'chat/' || "id" || '.' || coalesce("ext", 'bin'), "name",
  CASE "ext"
    WHEN 'jpg' THEN 'image/jpeg' WHEN 'jpeg' THEN 'image/jpeg' WHEN 'png' THEN 'image/png' WHEN 'gif' THEN 'image/gif'
    WHEN 'webp' THEN 'image/webp' WHEN 'mp4' THEN 'video/mp4' WHEN 'mov' THEN 'video/quicktime' WHEN 'webm' THEN 'video/webm'
    WHEN 'stl' THEN 'model/stl' WHEN 'obj' THEN 'model/obj' WHEN 'zip' THEN 'application/zip'
    ELSE 'application/octet-stream'
  END,
  "type", "size", "legacy_key", "created_at", "created_at"
FROM (
  SELECT DISTINCT ON (m."conversation_id", a.value->>'url')
    gen_random_uuid() AS "id", m."conversation_id", m."user_id", m."created_at",
    substr(a.value->>'url', 8) AS "legacy_key",
    lower(substring(a.value->>'url' from '\.([A-Za-z0-9]{1,8})$')) AS "ext",
    left(coalesce(nullif(a.value->>'name', ''), 'file'), 200) AS "name",
    CASE WHEN a.value->>'type' IN ('image', 'video', 'raw') THEN a.value->>'type' ELSE 'raw' END AS "type",
    CASE WHEN jsonb_typeof(a.value->'size') = 'number' THEN greatest((a.value->>'size')::numeric, 0)::bigint ELSE 0 END AS "size"
  FROM "messages" m CROSS JOIN LATERAL jsonb_array_elements(m."attachments") AS a(value)
  WHERE jsonb_typeof(m."attachments") = 'array' AND a.value->>'url' LIKE '/media/%'
  ORDER BY m."conversation_id", a.value->>'url', m."seq"
) AS "old";
--> statement-breakpoint
UPDATE "messages" m SET "attachments" = (
  SELECT jsonb_agg(
    CASE WHEN ca."id" IS NULL THEN a.value
    ELSE jsonb_set(a.value, '{url}', to_jsonb('/api/conversations/' || m."conversation_id" || '/attachments/' || ca."id")) END
    ORDER BY a.ord)
  FROM jsonb_array_elements(m."attachments") WITH ORDINALITY AS a(value, ord)
  LEFT JOIN "conversation_attachments" ca
    ON ca."conversation_id" = m."conversation_id" AND a.value->>'url' LIKE '/media/%' AND ca."legacy_key" = substr(a.value->>'url', 8)
)
WHERE jsonb_typeof(m."attachments") = 'array'
  AND EXISTS (SELECT 1 FROM jsonb_array_elements(m."attachments") AS e(value) WHERE e.value->>'url' LIKE '/media/%');
