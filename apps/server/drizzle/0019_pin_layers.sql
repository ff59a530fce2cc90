-- The files shown in the case review when a pin was placed (docs/decisions/0037, addendum): "Show pin N" shows the
-- scene as the buyer saw it. Null for the pins sent before.
ALTER TABLE "order_pins" ADD COLUMN "visible_file_ids" uuid[];
