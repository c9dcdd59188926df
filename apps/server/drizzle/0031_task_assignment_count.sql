CREATE TABLE "task_assignment_count" (
	"company_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"status" varchar(10) NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "task_assignment_count_company_id_task_id_status_pk" PRIMARY KEY("company_id","task_id","status")
);
--> statement-breakpoint
ALTER TABLE "task_assignment_count" ADD CONSTRAINT "task_assignment_count_task_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."task_order"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_assignment_count_status_idx" ON "task_assignment_count" USING btree ("company_id","status");--> statement-breakpoint
INSERT INTO "task_assignment_count" ("company_id", "task_id", "status", "n")
SELECT "company_id", "task_id", "status", count(*) FROM "task_assignment" GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE FUNCTION task_assignment_count_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_assignment_count (company_id, task_id, status, n)
  SELECT company_id, task_id, status, count(*) FROM new_rows GROUP BY 1, 2, 3
  ON CONFLICT (company_id, task_id, status) DO UPDATE SET n = task_assignment_count.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION task_assignment_count_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE task_assignment_count c SET n = c.n - o.n
    FROM (SELECT company_id, task_id, status, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) o
   WHERE c.company_id = o.company_id AND c.task_id = o.task_id AND c.status = o.status;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION task_assignment_count_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE task_assignment_count c SET n = c.n - o.n
    FROM (SELECT company_id, task_id, status, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) o
   WHERE c.company_id = o.company_id AND c.task_id = o.task_id AND c.status = o.status;
  INSERT INTO task_assignment_count (company_id, task_id, status, n)
  SELECT company_id, task_id, status, count(*) FROM new_rows GROUP BY 1, 2, 3
  ON CONFLICT (company_id, task_id, status) DO UPDATE SET n = task_assignment_count.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER task_assignment_count_insert AFTER INSERT ON task_assignment
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION task_assignment_count_add();--> statement-breakpoint
CREATE TRIGGER task_assignment_count_delete AFTER DELETE ON task_assignment
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION task_assignment_count_remove();--> statement-breakpoint
CREATE TRIGGER task_assignment_count_update AFTER UPDATE ON task_assignment
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION task_assignment_count_move();
