-- Scan checks at upload (ADR 0026): each order file's mesh figures, null until analysed. Meshes
-- stored before this have none yet: the scan-check job analyses them in batches, as it does files left
-- pending by a restart.
ALTER TABLE "order_files" ADD COLUMN "analysis" jsonb;--> statement-breakpoint
CREATE INDEX "order_files_unanalysed_idx" ON "order_files" USING btree ("created_at") WHERE analysis is null and kind in ('stl', 'ply', 'obj', 'zip');