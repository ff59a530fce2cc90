-- Chat notifies once per conversation (ADR 0027, "one unread notification per conversation"): a recipient has at most
-- one unread notification per group (a conversation), updated by each later message (its count, last preview and
-- time) until it is read; the next message after that starts a new one. Rows from before keep group_key null.
ALTER TABLE "notifications" ADD COLUMN "group_key" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_open_group_unique" ON "notifications" USING btree ("user_id","group_key") WHERE read_at is null and group_key is not null;
--> statement-breakpoint
-- What a chat e-mail lists (each message's preview), now that one notification stands for many messages.
ALTER TABLE "notification_mails" ADD COLUMN "items" jsonb DEFAULT '[]'::jsonb NOT NULL;
