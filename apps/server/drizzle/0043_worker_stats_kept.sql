CREATE TABLE "payout_month_total" (
	"company_id" bigint NOT NULL,
	"month" varchar(7) NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"debit_fen" bigint DEFAULT 0 NOT NULL,
	"item_count" bigint DEFAULT 0 NOT NULL,
	"worker_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "payout_month_total_company_id_month_pk" PRIMARY KEY("company_id","month")
);
--> statement-breakpoint
CREATE TABLE "payout_month_worker" (
	"company_id" bigint NOT NULL,
	"month" varchar(7) NOT NULL,
	"worker_id" bigint NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payout_month_worker_company_id_month_worker_id_pk" PRIMARY KEY("company_id","month","worker_id")
);
--> statement-breakpoint
ALTER TABLE "payout_month_total" ADD CONSTRAINT "payout_month_total_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_month_worker" ADD CONSTRAINT "payout_month_worker_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- 员工分析 reads kept figures (issue 28). Six more facets of worker_facet_count, counted over the
-- workers in service (在职) only: a_gender, a_province, a_job_type, a_department (组织架构's head
-- counts too), a_birth (the birth date: age bands are computed from it on the day asked) and
-- a_joined (the month joined: 本月新增). worker_facets() gains the columns they read.
CREATE FUNCTION worker_facets(job_type_id bigint, department_id bigint, status text, real_name_status text, name text,
                              gender text, province text, birth_date date, joined_at date)
RETURNS TABLE (facet text, value text) LANGUAGE sql IMMUTABLE AS $$
  VALUES ('job_type', coalesce(job_type_id::text, '')), ('department', coalesce(department_id::text, '')),
    ('status', status), ('real_name', real_name_status), ('surname', left(name, 1))
  UNION ALL
  SELECT f.facet, f.value FROM (VALUES
    ('a_gender', gender), ('a_province', province), ('a_job_type', coalesce(job_type_id::text, '')),
    ('a_department', coalesce(department_id::text, '')), ('a_birth', birth_date::text),
    ('a_joined', to_char(joined_at, 'YYYY-MM'))) AS f(facet, value)
  WHERE status = 'active'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION worker_facet_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO worker_facet_count (company_id, facet, value, total)
  SELECT w.company_id, f.facet, f.value, count(*)
  FROM new_rows w
  CROSS JOIN LATERAL worker_facets(w.job_type_id, w.department_id, w.status, w.real_name_status, w.name,
                                   w.gender, w.province, w.birth_date, w.joined_at) AS f
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
    CROSS JOIN LATERAL worker_facets(w.job_type_id, w.department_id, w.status, w.real_name_status, w.name,
                                     w.gender, w.province, w.birth_date, w.joined_at) AS f
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
    SELECT NEW.company_id AS company_id, f.facet, f.value, 1 AS n
    FROM worker_facets(NEW.job_type_id, NEW.department_id, NEW.status, NEW.real_name_status, NEW.name,
                       NEW.gender, NEW.province, NEW.birth_date, NEW.joined_at) AS f
    UNION ALL
    SELECT OLD.company_id, f.facet, f.value, -1
    FROM worker_facets(OLD.job_type_id, OLD.department_id, OLD.status, OLD.real_name_status, OLD.name,
                       OLD.gender, OLD.province, OLD.birth_date, OLD.joined_at) AS f
  ) changes
  GROUP BY 1, 2, 3
  HAVING sum(n) <> 0
  ON CONFLICT (company_id, facet, value) DO UPDATE SET total = worker_facet_count.total + excluded.total;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "worker_facet_update" ON "worker";
--> statement-breakpoint
CREATE TRIGGER "worker_facet_update"
  AFTER UPDATE OF company_id, name, job_type_id, department_id, status, real_name_status,
                  gender, province, birth_date, joined_at ON "worker"
  FOR EACH ROW
  WHEN (
    OLD.company_id IS DISTINCT FROM NEW.company_id
    OR left(OLD.name, 1) IS DISTINCT FROM left(NEW.name, 1)
    OR OLD.job_type_id IS DISTINCT FROM NEW.job_type_id
    OR OLD.department_id IS DISTINCT FROM NEW.department_id
    OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.real_name_status IS DISTINCT FROM NEW.real_name_status
    OR OLD.gender IS DISTINCT FROM NEW.gender
    OR OLD.province IS DISTINCT FROM NEW.province
    OR OLD.birth_date IS DISTINCT FROM NEW.birth_date
    OR to_char(OLD.joined_at, 'YYYY-MM') IS DISTINCT FROM to_char(NEW.joined_at, 'YYYY-MM')
  )
  EXECUTE FUNCTION worker_facet_after_update();
--> statement-breakpoint
DROP FUNCTION worker_facets(bigint, bigint, text, text, text);
--> statement-breakpoint
-- Existing workers in service (the migration runs in one transaction: no write slips between).
INSERT INTO "worker_facet_count" ("company_id", "facet", "value", "total")
SELECT w.company_id, f.facet, f.value, count(*)
FROM "worker" w
CROSS JOIN LATERAL (VALUES
  ('a_gender', w.gender), ('a_province', w.province), ('a_job_type', coalesce(w.job_type_id::text, '')),
  ('a_department', coalesce(w.department_id::text, '')), ('a_birth', w.birth_date::text),
  ('a_joined', to_char(w.joined_at, 'YYYY-MM'))) AS f(facet, value)
WHERE w.status = 'active'
GROUP BY 1, 2, 3
ON CONFLICT ("company_id", "facet", "value") DO UPDATE SET "total" = excluded."total";
--> statement-breakpoint
-- The months of paid items: filled from the rows, then kept by the trigger below.
INSERT INTO "payout_month_worker" (company_id, month, worker_id, items)
SELECT company_id, to_char((paid_at AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM'), worker_id, count(*)
  FROM "payroll_item" WHERE pay_status = 'paid' AND paid_at IS NOT NULL AND worker_id IS NOT NULL
 GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "payout_month_total" (company_id, month, amount_fen, debit_fen, item_count, worker_count)
SELECT i.company_id, i.month, sum(i.amount_fen), sum(i.debit_fen), count(*),
       (SELECT count(*) FROM payout_month_worker w WHERE w.company_id = i.company_id AND w.month = i.month)
  FROM (SELECT company_id, to_char((paid_at AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM') AS month,
               amount_fen, debit_fen
          FROM "payroll_item" WHERE pay_status = 'paid' AND paid_at IS NOT NULL) i
 GROUP BY 1, 2;
--> statement-breakpoint
-- A statement's items whose payment changed (or paid items inserted or deleted; a paid item
-- without its time belongs to no month): each month's
-- totals move by the difference (payout_month_apply), and its worker count by the workers whose
-- count of paid items there went from none to some (or back). Rows are written in key order (one
-- lock order for every transaction). PL/pgSQL plans each branch when it runs, so each names only
-- its own transition tables.
CREATE FUNCTION payout_month_apply(companies bigint[], months text[], workers bigint[], amounts bigint[],
                                   debits bigint[], ns int[]) RETURNS void LANGUAGE sql AS $$
  WITH d AS (
    SELECT * FROM unnest(companies, months, workers, amounts, debits, ns)
      AS d(company_id, month, worker_id, amount_fen, debit_fen, n)
     WHERE n <> 0 OR amount_fen <> 0 OR debit_fen <> 0
  ), w AS (
    INSERT INTO payout_month_worker AS t (company_id, month, worker_id, items)
    SELECT company_id, month, worker_id, n FROM d WHERE worker_id IS NOT NULL AND n <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (company_id, month, worker_id) DO UPDATE SET items = t.items + excluded.items
    RETURNING t.company_id, t.month, t.worker_id, t.items
  ), moved AS (
    SELECT w.company_id, w.month,
           sum(CASE WHEN w.items > 0 AND w.items - d.n <= 0 THEN 1
                    WHEN w.items <= 0 AND w.items - d.n > 0 THEN -1 ELSE 0 END) AS workers
      FROM w JOIN d ON d.company_id = w.company_id AND d.month = w.month AND d.worker_id = w.worker_id
     GROUP BY 1, 2
  ), m AS (
    SELECT company_id, month, sum(amount_fen) AS amount_fen, sum(debit_fen) AS debit_fen, sum(n) AS n
      FROM d GROUP BY 1, 2
  )
  INSERT INTO payout_month_total AS t (company_id, month, amount_fen, debit_fen, item_count, worker_count)
  SELECT m.company_id, m.month, m.amount_fen, m.debit_fen, m.n, coalesce(moved.workers, 0)
    FROM m LEFT JOIN moved ON moved.company_id = m.company_id AND moved.month = m.month
   ORDER BY 1, 2
  ON CONFLICT (company_id, month) DO UPDATE
    SET amount_fen = t.amount_fen + excluded.amount_fen, debit_fen = t.debit_fen + excluded.debit_fen,
        item_count = t.item_count + excluded.item_count, worker_count = t.worker_count + excluded.worker_count
$$;
--> statement-breakpoint
CREATE FUNCTION payroll_item_keep_months() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(company_id) AS c, array_agg(month) AS m, array_agg(worker_id) AS w,
           array_agg(amount_fen) AS a, array_agg(debit_fen) AS f, array_agg(n) AS n INTO d
      FROM (SELECT company_id, month, worker_id, sum(amount_fen)::bigint AS amount_fen,
                   sum(debit_fen)::bigint AS debit_fen, sum(n)::int AS n
              FROM (SELECT company_id, to_char((paid_at AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM') AS month,
                           worker_id, amount_fen, debit_fen, 1 AS n FROM new_items WHERE pay_status = 'paid' AND paid_at IS NOT NULL
                    UNION ALL
                    SELECT company_id, to_char((paid_at AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM'),
                           worker_id, -amount_fen, -debit_fen, -1 FROM old_items WHERE pay_status = 'paid' AND paid_at IS NOT NULL) x
             GROUP BY 1, 2, 3) x;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(company_id) AS c, array_agg(month) AS m, array_agg(worker_id) AS w,
           array_agg(amount_fen) AS a, array_agg(debit_fen) AS f, array_agg(n) AS n INTO d
      FROM (SELECT company_id, to_char((paid_at AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM') AS month,
                   worker_id, sum(amount_fen)::bigint AS amount_fen, sum(debit_fen)::bigint AS debit_fen,
                   count(*)::int AS n
              FROM new_items WHERE pay_status = 'paid' AND paid_at IS NOT NULL GROUP BY 1, 2, 3) x;
  ELSE
    SELECT array_agg(company_id) AS c, array_agg(month) AS m, array_agg(worker_id) AS w,
           array_agg(amount_fen) AS a, array_agg(debit_fen) AS f, array_agg(n) AS n INTO d
      FROM (SELECT company_id, to_char((paid_at AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM') AS month,
                   worker_id, -sum(amount_fen)::bigint AS amount_fen, -sum(debit_fen)::bigint AS debit_fen,
                   -count(*)::int AS n
              FROM old_items WHERE pay_status = 'paid' AND paid_at IS NOT NULL GROUP BY 1, 2, 3) x;
  END IF;
  IF d.c IS NOT NULL THEN
    PERFORM payout_month_apply(d.c, d.m, d.w, d.a, d.f, d.n);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payroll_item_keep_months AFTER UPDATE ON "payroll_item"
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION payroll_item_keep_months();
--> statement-breakpoint
CREATE TRIGGER payroll_item_keep_months_insert AFTER INSERT ON "payroll_item"
  REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION payroll_item_keep_months();
--> statement-breakpoint
CREATE TRIGGER payroll_item_keep_months_delete AFTER DELETE ON "payroll_item"
  REFERENCING OLD TABLE AS old_items
  FOR EACH STATEMENT EXECUTE FUNCTION payroll_item_keep_months();
