-- The facet counters' update trigger (migrations 0009, 0012) ran for every UPDATE of a worker:
-- statement-level with transition tables, it copied every updated row twice and took each one
-- through worker_facets() even when no counted column changed, a price later writes to worker
-- rows (payouts, contract status, remarks) would pay for nothing. PostgreSQL allows neither a
-- column list nor a WHEN condition on a trigger with transition tables, so it becomes a row
-- trigger: it fires only when the UPDATE sets one of the columns it counts (company_id, name,
-- job_type_id, department_id, status, real_name_status), and calls its function only for rows
-- where one of them changed. An update of other columns does not fire it at all. A bulk
-- change of a counted column now makes one upsert per changed facet and row instead of one per
-- facet and value; measure it before such a batch action is built. Inserts and deletes keep
-- their statement-level triggers (an import inserts 100,000 workers at once).
DROP TRIGGER "worker_facet_update" ON "worker";
--> statement-breakpoint
DROP FUNCTION worker_facet_after_update();
--> statement-breakpoint
CREATE FUNCTION worker_facet_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO worker_facet_count (company_id, facet, value, total)
  SELECT company_id, facet, value, sum(n)
  FROM (
    SELECT NEW.company_id AS company_id, f.facet, f.value, 1 AS n
    FROM worker_facets(NEW.job_type_id, NEW.department_id, NEW.status, NEW.real_name_status, NEW.name) AS f
    UNION ALL
    SELECT OLD.company_id, f.facet, f.value, -1
    FROM worker_facets(OLD.job_type_id, OLD.department_id, OLD.status, OLD.real_name_status, OLD.name) AS f
  ) changes
  GROUP BY 1, 2, 3
  HAVING sum(n) <> 0
  ON CONFLICT (company_id, facet, value) DO UPDATE SET total = worker_facet_count.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "worker_facet_update"
  AFTER UPDATE OF company_id, name, job_type_id, department_id, status, real_name_status ON "worker"
  FOR EACH ROW
  WHEN (
    OLD.company_id IS DISTINCT FROM NEW.company_id
    OR left(OLD.name, 1) IS DISTINCT FROM left(NEW.name, 1)
    OR OLD.job_type_id IS DISTINCT FROM NEW.job_type_id
    OR OLD.department_id IS DISTINCT FROM NEW.department_id
    OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.real_name_status IS DISTINCT FROM NEW.real_name_status
  )
  EXECUTE FUNCTION worker_facet_after_update();
