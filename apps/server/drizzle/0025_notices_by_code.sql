-- Order events in chat are said in the reader's language (ADR 0059): each system message keeps its event's parameters
-- (the title; the count and price of a paid order; the days of an automatic completion; a refund offer's amount), and a
-- conversation whose newest message is an event keeps that event, so its preview is said from it too.
ALTER TABLE "conversations" ADD COLUMN "last_event" jsonb;
--> statement-breakpoint
-- Messages from before: their parameters from the order as it is now (a refund offer's amount only while it stands),
-- amounts in major units with the currency's minor digits as Intl has them (shared currencyDigits).
UPDATE "messages" AS m SET "event" = m."event" || jsonb_build_object('params', jsonb_strip_nulls(jsonb_build_object(
  'title', o."title",
  'quantity', CASE WHEN m."event"->>'type' = 'paid' THEN o."quantity" END,
  'amount', CASE
    WHEN m."event"->>'type' = 'paid' THEN o."price"::numeric / d.unit
    WHEN m."event"->>'type' = 'refund_offered' THEN coalesce(o."refund_offer_amount", 0)::numeric / d.unit
  END,
  'currency', CASE WHEN m."event"->>'type' IN ('paid', 'refund_offered') THEN o."currency" END,
  'days', CASE WHEN m."event"->>'type' = 'auto_completed' THEN 3 END
)))
FROM "orders" AS o
CROSS JOIN LATERAL (SELECT CASE
  WHEN o."currency" IN ('AFN','ALL','BIF','CLP','COP','DJF','GNF','HUF','IDR','IQD','IRR','ISK','JPY','KMF','KPW','KRW','LAK','LBP','MGA','MMK','PKR','PYG','RWF','SLL','SOS','SYP','UGX','VND','VUV','XAF','XOF','XPF','YER') THEN 1
  WHEN o."currency" IN ('BHD','JOD','KWD','LYD','OMR','TND') THEN 1000
  ELSE 100 END AS unit) AS d
WHERE m."event" IS NOT NULL AND NOT (m."event" ? 'params') AND o."id"::text = m."event"->>'orderId';
--> statement-breakpoint
UPDATE "conversations" AS c SET "last_event" = m."event"
FROM (
  SELECT DISTINCT ON ("conversation_id") "conversation_id", "event" FROM "messages" ORDER BY "conversation_id", "seq" DESC
) AS m
WHERE m."conversation_id" = c."id" AND m."event" IS NOT NULL AND m."event" ? 'params';
--> statement-breakpoint
-- A revision request's checklist items ("Contacts: see the pins") by code, said in the reader's language.
ALTER TABLE "order_events" ADD COLUMN "checklist" jsonb;
