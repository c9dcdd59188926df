-- Keeps worker_facet_count.total equal to the number of workers of each company per value of
-- job_type_id, department_id, status and real_name_status. Statement-level triggers with
-- transition tables, as for worker_count: one upsert per statement and value, whatever the
-- number of rows. An update subtracts the old values and adds the new ones.
-- The facets of one worker: one (facet, value) pair per counted filter column.
CREATE FUNCTION worker_facets(job_type_id bigint, department_id bigint, status text, real_name_status text)
RETURNS TABLE (facet text, value text) LANGUAGE sql IMMUTABLE AS $$
  VALUES ('job_type', coalesce(job_type_id::text, '')), ('department', coalesce(department_id::text, '')),
    ('status', status), ('real_name', real_name_status)
$$;
--> statement-breakpoint
INSERT INTO "worker_facet_count" ("company_id", "facet", "value", "total")
SELECT w.company_id, f.facet, f.value, count(*)
FROM "worker" w
CROSS JOIN LATERAL worker_facets(w.job_type_id, w.department_id, w.status, w.real_name_status) AS f
GROUP BY 1, 2, 3
ON CONFLICT ("company_id", "facet", "value") DO UPDATE SET "total" = excluded."total";
--> statement-breakpoint
CREATE FUNCTION worker_facet_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO worker_facet_count (company_id, facet, value, total)
  SELECT w.company_id, f.facet, f.value, count(*)
  FROM new_rows w
  CROSS JOIN LATERAL worker_facets(w.job_type_id, w.department_id, w.status, w.real_name_status) AS f
  GROUP BY 1, 2, 3
  ON CONFLICT (company_id, facet, value) DO UPDATE SET total = worker_facet_count.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION worker_facet_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE worker_facet_count c SET total = c.total - d.n
  FROM (
    SELECT w.company_id, f.facet, f.value, count(*) AS n
    FROM old_rows w
    CROSS JOIN LATERAL worker_facets(w.job_type_id, w.department_id, w.status, w.real_name_status) AS f
    GROUP BY 1, 2, 3
  ) d
  WHERE c.company_id = d.company_id AND c.facet = d.facet AND c.value = d.value;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION worker_facet_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO worker_facet_count (company_id, facet, value, total)
  SELECT company_id, facet, value, sum(n)
  FROM (
    SELECT w.company_id, f.facet, f.value, 1 AS n
    FROM new_rows w
    CROSS JOIN LATERAL worker_facets(w.job_type_id, w.department_id, w.status, w.real_name_status) AS f
    UNION ALL
    SELECT w.company_id, f.facet, f.value, -1
    FROM old_rows w
    CROSS JOIN LATERAL worker_facets(w.job_type_id, w.department_id, w.status, w.real_name_status) AS f
  ) changes
  GROUP BY 1, 2, 3
  HAVING sum(n) <> 0
  ON CONFLICT (company_id, facet, value) DO UPDATE SET total = worker_facet_count.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER worker_facet_insert AFTER INSERT ON "worker"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_facet_after_insert();
--> statement-breakpoint
CREATE TRIGGER worker_facet_delete AFTER DELETE ON "worker"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_facet_after_delete();
--> statement-breakpoint
CREATE TRIGGER worker_facet_update AFTER UPDATE ON "worker"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_facet_after_update();
