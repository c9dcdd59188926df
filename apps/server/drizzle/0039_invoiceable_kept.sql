CREATE TABLE "invoiceable_total" (
	"company_id" bigint NOT NULL,
	"service_company_id" bigint NOT NULL,
	"paid_fen" bigint DEFAULT 0 NOT NULL,
	"applied_fen" bigint DEFAULT 0 NOT NULL,
	"open_batches" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoiceable_total_company_id_service_company_id_pk" PRIMARY KEY("company_id","service_company_id")
);
--> statement-breakpoint
ALTER TABLE "payroll_batch" ADD COLUMN "paid_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_batch" ADD COLUMN "paid_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payroll_batch" ADD COLUMN "applied_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoiceable_total" ADD CONSTRAINT "invoiceable_total_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoiceable_total" ADD CONSTRAINT "invoiceable_total_service_company_fk" FOREIGN KEY ("company_id","service_company_id") REFERENCES "public"."company_service_company"("company_id","service_company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payroll_batch_paid_idx" ON "payroll_batch" USING btree ("company_id","created_at","id") WHERE "payroll_batch"."status" in ('completed', 'partial');--> statement-breakpoint
-- Kept amounts of 可开票金额 (issue 27, 28): filled from the rows first, then kept by the triggers below.
UPDATE "payroll_batch" b SET "paid_fen" = x.fen, "paid_count" = x.n
  FROM (SELECT company_id, batch_id, sum(debit_fen) AS fen, count(*)::int AS n
          FROM "payroll_item" WHERE pay_status = 'paid' GROUP BY company_id, batch_id) x
 WHERE b.company_id = x.company_id AND b.id = x.batch_id;
--> statement-breakpoint
UPDATE "payroll_batch" b SET "applied_fen" = x.fen
  FROM (SELECT x.company_id, x.batch_id, sum(x.amount_fen) AS fen
          FROM "invoice_application_batch" x
          JOIN "invoice_application" a ON a.company_id = x.company_id AND a.id = x.application_id
         WHERE a.status IN ('approving', 'pending', 'issued', 'mailed')
         GROUP BY x.company_id, x.batch_id) x
 WHERE b.company_id = x.company_id AND b.id = x.batch_id;
--> statement-breakpoint
INSERT INTO "invoiceable_total" (company_id, service_company_id, paid_fen, applied_fen, open_batches)
SELECT company_id, service_company_id, sum(paid_fen), sum(applied_fen), count(*) FILTER (WHERE paid_fen > applied_fen)
  FROM "payroll_batch" WHERE status IN ('completed', 'partial')
 GROUP BY company_id, service_company_id;
--> statement-breakpoint
-- A statement's items whose payment changed (or paid items inserted or deleted): their batches'
-- paid totals move by the difference, batch by batch in id order (one lock order for every
-- transaction). PL/pgSQL plans each branch when it runs, so each names only its own tables.
CREATE FUNCTION payroll_item_keep_paid() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    FOR d IN
      SELECT company_id, batch_id, sum(fen) AS fen, sum(n)::int AS n
        FROM (SELECT company_id, batch_id, debit_fen AS fen, 1 AS n FROM new_items WHERE pay_status = 'paid'
              UNION ALL
              SELECT company_id, batch_id, -debit_fen, -1 FROM old_items WHERE pay_status = 'paid') x
       GROUP BY company_id, batch_id
      HAVING sum(fen) <> 0 OR sum(n) <> 0
       ORDER BY company_id, batch_id
    LOOP
      UPDATE payroll_batch SET paid_fen = paid_fen + d.fen, paid_count = paid_count + d.n
       WHERE company_id = d.company_id AND id = d.batch_id;
    END LOOP;
  ELSIF TG_OP = 'INSERT' THEN
    FOR d IN
      SELECT company_id, batch_id, sum(debit_fen) AS fen, count(*)::int AS n FROM new_items
       WHERE pay_status = 'paid' GROUP BY company_id, batch_id ORDER BY company_id, batch_id
    LOOP
      UPDATE payroll_batch SET paid_fen = paid_fen + d.fen, paid_count = paid_count + d.n
       WHERE company_id = d.company_id AND id = d.batch_id;
    END LOOP;
  ELSE
    FOR d IN
      SELECT company_id, batch_id, sum(debit_fen) AS fen, count(*)::int AS n FROM old_items
       WHERE pay_status = 'paid' GROUP BY company_id, batch_id ORDER BY company_id, batch_id
    LOOP
      UPDATE payroll_batch SET paid_fen = paid_fen - d.fen, paid_count = paid_count - d.n
       WHERE company_id = d.company_id AND id = d.batch_id;
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payroll_item_keep_paid AFTER UPDATE ON "payroll_item"
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION payroll_item_keep_paid();
--> statement-breakpoint
CREATE TRIGGER payroll_item_keep_paid_insert AFTER INSERT ON "payroll_item"
  REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION payroll_item_keep_paid();
--> statement-breakpoint
CREATE TRIGGER payroll_item_keep_paid_delete AFTER DELETE ON "payroll_item"
  REFERENCING OLD TABLE AS old_items
  FOR EACH STATEMENT EXECUTE FUNCTION payroll_item_keep_paid();
--> statement-breakpoint
-- A batch counts toward 可开票金额 while it is 已完成 or 部分成功: its kept amounts move the company's
-- total, and it counts as open (选择订单) while its paid amount exceeds what is applied for.
CREATE FUNCTION payroll_batch_keep_invoiceable() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := OLD.status IN ('completed', 'partial');
  counts boolean := NEW.status IN ('completed', 'partial');
  was_open int := CASE WHEN was AND OLD.paid_fen > OLD.applied_fen THEN 1 ELSE 0 END;
  is_open int := CASE WHEN counts AND NEW.paid_fen > NEW.applied_fen THEN 1 ELSE 0 END;
BEGIN
  IF was AND (OLD.paid_fen <> 0 OR OLD.applied_fen <> 0 OR was_open <> 0) THEN
    UPDATE invoiceable_total
       SET paid_fen = paid_fen - OLD.paid_fen, applied_fen = applied_fen - OLD.applied_fen,
           open_batches = open_batches - was_open
     WHERE company_id = OLD.company_id AND service_company_id = OLD.service_company_id;
  END IF;
  IF counts AND (NEW.paid_fen <> 0 OR NEW.applied_fen <> 0 OR is_open <> 0) THEN
    INSERT INTO invoiceable_total (company_id, service_company_id, paid_fen, applied_fen, open_batches)
    VALUES (NEW.company_id, NEW.service_company_id, NEW.paid_fen, NEW.applied_fen, is_open)
    ON CONFLICT (company_id, service_company_id) DO UPDATE
      SET paid_fen = invoiceable_total.paid_fen + excluded.paid_fen,
          applied_fen = invoiceable_total.applied_fen + excluded.applied_fen,
          open_batches = invoiceable_total.open_batches + excluded.open_batches;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payroll_batch_keep_invoiceable AFTER UPDATE OF status, paid_fen, applied_fen, service_company_id
  ON "payroll_batch" FOR EACH ROW
  WHEN (OLD.status IN ('completed', 'partial') OR NEW.status IN ('completed', 'partial'))
  EXECUTE FUNCTION payroll_batch_keep_invoiceable();
--> statement-breakpoint
-- What applications holding an amount (审批中, 待审核, 已开票, 已邮寄) take of each batch.
CREATE FUNCTION invoice_batch_keep_applied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND EXISTS (
       SELECT 1 FROM invoice_application a WHERE a.company_id = OLD.company_id AND a.id = OLD.application_id
          AND a.status IN ('approving', 'pending', 'issued', 'mailed')) THEN
    UPDATE payroll_batch SET applied_fen = applied_fen - OLD.amount_fen
     WHERE company_id = OLD.company_id AND id = OLD.batch_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND EXISTS (
       SELECT 1 FROM invoice_application a WHERE a.company_id = NEW.company_id AND a.id = NEW.application_id
          AND a.status IN ('approving', 'pending', 'issued', 'mailed')) THEN
    UPDATE payroll_batch SET applied_fen = applied_fen + NEW.amount_fen
     WHERE company_id = NEW.company_id AND id = NEW.batch_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_batch_keep_applied AFTER INSERT OR UPDATE OR DELETE ON "invoice_application_batch"
  FOR EACH ROW EXECUTE FUNCTION invoice_batch_keep_applied();
--> statement-breakpoint
CREATE FUNCTION invoice_application_keep_applied() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held boolean := OLD.status IN ('approving', 'pending', 'issued', 'mailed');
  holds boolean := NEW.status IN ('approving', 'pending', 'issued', 'mailed');
BEGIN
  IF held <> holds THEN
    UPDATE payroll_batch b SET applied_fen = b.applied_fen + CASE WHEN holds THEN x.amount_fen ELSE -x.amount_fen END
      FROM invoice_application_batch x
     WHERE x.company_id = NEW.company_id AND x.application_id = NEW.id
       AND b.company_id = x.company_id AND b.id = x.batch_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_application_keep_applied AFTER UPDATE OF status ON "invoice_application"
  FOR EACH ROW EXECUTE FUNCTION invoice_application_keep_applied();
