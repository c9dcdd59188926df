-- Keeps worker_count.total equal to the number of workers of each company. Statement-level
-- triggers with transition tables: one update per statement, whatever the number of rows.
INSERT INTO "worker_count" ("company_id", "total")
SELECT "company_id", count(*) FROM "worker" GROUP BY "company_id"
ON CONFLICT ("company_id") DO UPDATE SET "total" = excluded."total";
--> statement-breakpoint
CREATE FUNCTION worker_count_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO worker_count (company_id, total)
  SELECT company_id, count(*) FROM new_rows GROUP BY company_id
  ON CONFLICT (company_id) DO UPDATE SET total = worker_count.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION worker_count_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE worker_count c SET total = c.total - d.n
  FROM (SELECT company_id, count(*) AS n FROM old_rows GROUP BY company_id) d
  WHERE c.company_id = d.company_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER worker_count_insert AFTER INSERT ON "worker"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_count_after_insert();
--> statement-breakpoint
CREATE TRIGGER worker_count_delete AFTER DELETE ON "worker"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_count_after_delete();
