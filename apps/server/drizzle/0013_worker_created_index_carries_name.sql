-- The default order's index carries the name: a name search in that order, the list's usual one,
-- filters the index's entries without visiting the table for each (on 1,000,000 workers a
-- surname skips about 2,300 entries for a first page: 137 buffers and 1.3 ms before, 19 and
-- 0.4 ms after). Drizzle's index builder cannot write INCLUDE, so the schema declares the key
-- only; the name stays, so no later generated migration touches it.
DROP INDEX "worker_created_idx";
--> statement-breakpoint
CREATE INDEX "worker_created_idx" ON "worker" USING btree ("company_id", "created_at", "id") INCLUDE ("name");
