-- A fifth counted facet: the first character of the worker's name, the surname of almost every
-- Chinese name. A list filtered by a one-character name (the usual search: 王, 李, 张) reads its
-- total from worker_facet_count instead of counting tens of thousands of index entries on a
-- large company. The triggers of migration 0009 keep it, through worker_facets(), which now
-- takes the name too.
CREATE FUNCTION worker_facets(job_type_id bigint, department_id bigint, status text, real_name_status text, name text)
RETURNS TABLE (facet text, value text) LANGUAGE sql IMMUTABLE AS $$
  VALUES ('job_type', coalesce(job_type_id::text, '')), ('department', coalesce(department_id::text, '')),
    ('status', status), ('real_name', real_name_status), ('surname', left(name, 1))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION worker_facet_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO worker_facet_count (company_id, facet, value, total)
  SELECT w.company_id, f.facet, f.value, count(*)
  FROM new_rows w
  CROSS JOIN LATERAL worker_facets(w.job_type_id, w.department_id, w.status, w.real_name_status, w.name) AS f
  GROUP BY 1, 2, 3
  ON CONFLICT (company_id, facet, value) DO UPDATE SET total = worker_facet_count.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION worker_facet_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE worker_facet_count c SET total = c.total - d.n
  FROM (
    SELECT w.company_id, f.facet, f.value, count(*) AS n
    FROM old_rows w
    CROSS JOIN LATERAL worker_facets(w.job_type_id, w.department_id, w.status, w.real_name_status, w.name) AS f
    GROUP BY 1, 2, 3
  ) d
  WHERE c.company_id = d.company_id AND c.facet = d.facet AND c.value = d.value;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION worker_facet_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO worker_facet_count (company_id, facet, value, total)
  SELECT company_id, facet, value, sum(n)
  FROM (
    SELECT w.company_id, f.facet, f.value, 1 AS n
    FROM new_rows w
    CROSS JOIN LATERAL worker_facets(w.job_type_id, w.department_id, w.status, w.real_name_status, w.name) AS f
    UNION ALL
    SELECT w.company_id, f.facet, f.value, -1
    FROM old_rows w
    CROSS JOIN LATERAL worker_facets(w.job_type_id, w.department_id, w.status, w.real_name_status, w.name) AS f
  ) changes
  GROUP BY 1, 2, 3
  HAVING sum(n) <> 0
  ON CONFLICT (company_id, facet, value) DO UPDATE SET total = worker_facet_count.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION worker_facets(bigint, bigint, text, text);
--> statement-breakpoint
-- Existing workers: the migration runs in one transaction, so no insert slips between the
-- function change and this count.
INSERT INTO "worker_facet_count" ("company_id", "facet", "value", "total")
SELECT company_id, 'surname', left(name, 1), count(*)
FROM "worker"
GROUP BY 1, 3
ON CONFLICT ("company_id", "facet", "value") DO UPDATE SET "total" = excluded."total";
