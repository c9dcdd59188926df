-- Issue 39: invoice's facts leave payroll's table. Until now invoice's triggers kept
-- payroll_batch.applied_fen and payroll_batch_open_idx with invoice's statuses, and a trigger on
-- payroll_batch kept invoiceable_total with payroll's. Each area now keeps its own tables:
-- payroll its paid totals and two views it names as public reads, invoice what its applications
-- take of each batch (src/db/schema/owners.ts; test/system/table-owners.test.ts).
DROP TRIGGER "payroll_batch_keep_invoiceable" ON "payroll_batch";--> statement-breakpoint
DROP FUNCTION payroll_batch_keep_invoiceable();--> statement-breakpoint
DROP TRIGGER "invoice_batch_keep_applied" ON "invoice_application_batch";--> statement-breakpoint
DROP FUNCTION invoice_batch_keep_applied();--> statement-breakpoint
DROP TRIGGER "invoice_application_keep_applied" ON "invoice_application";--> statement-breakpoint
DROP FUNCTION invoice_application_keep_applied();--> statement-breakpoint
CREATE TABLE "payroll_paid_total" (
	"company_id" bigint NOT NULL,
	"service_company_id" bigint NOT NULL,
	"paid_fen" bigint DEFAULT 0 NOT NULL,
	"batch_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payroll_paid_total_company_id_service_company_id_pk" PRIMARY KEY("company_id","service_company_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_batch_balance" (
	"company_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"service_company_id" bigint NOT NULL,
	"paid_fen" bigint NOT NULL,
	"applied_fen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_batch_balance_pkey" PRIMARY KEY("company_id","batch_id")
);
--> statement-breakpoint
DROP INDEX "payroll_batch_open_idx";--> statement-breakpoint
ALTER TABLE "payroll_paid_total" ADD CONSTRAINT "payroll_paid_total_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_paid_total" ADD CONSTRAINT "payroll_paid_total_service_company_fk" FOREIGN KEY ("company_id","service_company_id") REFERENCES "public"."company_service_company"("company_id","service_company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_batch_balance" ADD CONSTRAINT "invoice_batch_balance_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_batch_balance" ADD CONSTRAINT "invoice_batch_balance_batch_fk" FOREIGN KEY ("company_id","batch_id") REFERENCES "public"."payroll_batch"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_batch_balance" ADD CONSTRAINT "invoice_batch_balance_service_company_fk" FOREIGN KEY ("company_id","service_company_id") REFERENCES "public"."company_service_company"("company_id","service_company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_batch_balance_used_idx" ON "invoice_batch_balance" USING btree ("company_id","batch_id") WHERE "invoice_batch_balance"."applied_fen" >= "invoice_batch_balance"."paid_fen";--> statement-breakpoint
CREATE INDEX "payroll_batch_paid_service_idx" ON "payroll_batch" USING btree ("company_id","service_company_id","created_at","id") WHERE "payroll_batch"."status" in ('completed', 'partial') and "payroll_batch"."paid_fen" > 0;--> statement-breakpoint
ALTER TABLE "payroll_batch" DROP COLUMN "applied_fen";--> statement-breakpoint
ALTER TABLE "invoiceable_total" DROP COLUMN "paid_fen";--> statement-breakpoint
ALTER TABLE "invoiceable_total" DROP COLUMN "open_batches";--> statement-breakpoint
ALTER TABLE "invoiceable_total" ADD COLUMN "used_batches" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Payroll's public reads. Every batch with its final paid amount and two answers in place of
-- payroll's statuses: paid (已完成, 部分成功: what invoice lists and checks) and live (any status
-- but 已取消: what still holds a task's amount). A reader filtering on is_paid meets the partial
-- indexes on the same predicate.
CREATE VIEW "payroll_batch_state" AS
  SELECT company_id, id, service_company_id, title, period, status, created_at, paid_fen, paid_count,
         status IN ('completed', 'partial') AS is_paid, status <> 'cancelled' AS is_live
    FROM "payroll_batch";
--> statement-breakpoint
-- Payroll's paid totals per service company, filled from the batches, then kept below.
INSERT INTO "payroll_paid_total" (company_id, service_company_id, paid_fen, batch_count)
SELECT company_id, service_company_id, sum(paid_fen), count(*) FILTER (WHERE paid_fen > 0)
  FROM "payroll_batch" WHERE status IN ('completed', 'partial')
 GROUP BY company_id, service_company_id;
--> statement-breakpoint
-- A batch counts while it is 已完成 or 部分成功: its paid amount moves the total, and it is one of
-- the batches that paid something while its amount is above zero.
CREATE FUNCTION payroll_batch_keep_paid_total() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP = 'UPDATE' AND OLD.status IN ('completed', 'partial');
  counts boolean := NEW.status IN ('completed', 'partial');
BEGIN
  IF was THEN
    UPDATE payroll_paid_total
       SET paid_fen = paid_fen - OLD.paid_fen, batch_count = batch_count - (OLD.paid_fen > 0)::int
     WHERE company_id = OLD.company_id AND service_company_id = OLD.service_company_id;
  END IF;
  IF counts THEN
    INSERT INTO payroll_paid_total (company_id, service_company_id, paid_fen, batch_count)
    VALUES (NEW.company_id, NEW.service_company_id, NEW.paid_fen, (NEW.paid_fen > 0)::int)
    ON CONFLICT (company_id, service_company_id) DO UPDATE
      SET paid_fen = payroll_paid_total.paid_fen + excluded.paid_fen,
          batch_count = payroll_paid_total.batch_count + excluded.batch_count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payroll_batch_keep_paid_total AFTER UPDATE OF status, paid_fen, service_company_id
  ON "payroll_batch" FOR EACH ROW
  WHEN (OLD.status IN ('completed', 'partial') OR NEW.status IN ('completed', 'partial'))
  EXECUTE FUNCTION payroll_batch_keep_paid_total();
--> statement-breakpoint
CREATE TRIGGER payroll_batch_keep_paid_total_insert AFTER INSERT ON "payroll_batch" FOR EACH ROW
  WHEN (NEW.status IN ('completed', 'partial'))
  EXECUTE FUNCTION payroll_batch_keep_paid_total();
--> statement-breakpoint
CREATE VIEW "payroll_paid_by_service_company" AS
  SELECT company_id, service_company_id, paid_fen, batch_count FROM "payroll_paid_total";
--> statement-breakpoint
-- Invoice's balances, filled from the applications holding an amount, then kept below.
INSERT INTO "invoice_batch_balance" (company_id, batch_id, service_company_id, paid_fen, applied_fen)
SELECT x.company_id, x.batch_id, b.service_company_id, b.paid_fen, sum(x.amount_fen)
  FROM "invoice_application_batch" x
  JOIN "invoice_application" a ON a.company_id = x.company_id AND a.id = x.application_id
  JOIN "payroll_batch_state" b ON b.company_id = x.company_id AND b.id = x.batch_id
 WHERE a.status IN ('approving', 'pending', 'issued', 'mailed')
 GROUP BY x.company_id, x.batch_id, b.service_company_id, b.paid_fen;
--> statement-breakpoint
UPDATE "invoiceable_total" SET applied_fen = 0, used_batches = 0;
--> statement-breakpoint
INSERT INTO "invoiceable_total" (company_id, service_company_id, applied_fen, used_batches)
SELECT company_id, service_company_id, sum(applied_fen), count(*) FILTER (WHERE applied_fen >= paid_fen)
  FROM "invoice_batch_balance"
 GROUP BY company_id, service_company_id
ON CONFLICT (company_id, service_company_id) DO UPDATE
  SET applied_fen = excluded.applied_fen, used_batches = excluded.used_batches;
--> statement-breakpoint
-- An amount an application takes of a batch, added to (or taken from) the batch's balance. The
-- balance's first row reads the batch's paid amount from payroll's public view: an application
-- names paid batches only (the service checks it), whose amount never changes.
CREATE FUNCTION invoice_batch_balance_add(company bigint, batch bigint, fen bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE invoice_batch_balance SET applied_fen = applied_fen + fen WHERE company_id = company AND batch_id = batch;
  IF NOT FOUND THEN
    INSERT INTO invoice_batch_balance (company_id, batch_id, service_company_id, paid_fen, applied_fen)
    SELECT b.company_id, b.id, b.service_company_id, b.paid_fen, fen
      FROM payroll_batch_state b WHERE b.company_id = company AND b.id = batch;
  END IF;
END $$;
--> statement-breakpoint
-- What applications holding an amount (审批中, 待审核, 已开票, 已邮寄) take of each batch.
CREATE FUNCTION invoice_batch_keep_applied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND EXISTS (
       SELECT 1 FROM invoice_application a WHERE a.company_id = OLD.company_id AND a.id = OLD.application_id
          AND a.status IN ('approving', 'pending', 'issued', 'mailed')) THEN
    PERFORM invoice_batch_balance_add(OLD.company_id, OLD.batch_id, -OLD.amount_fen);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND EXISTS (
       SELECT 1 FROM invoice_application a WHERE a.company_id = NEW.company_id AND a.id = NEW.application_id
          AND a.status IN ('approving', 'pending', 'issued', 'mailed')) THEN
    PERFORM invoice_batch_balance_add(NEW.company_id, NEW.batch_id, NEW.amount_fen);
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
  x record;
BEGIN
  IF held <> holds THEN
    -- Batch by batch in id order: one lock order for every transaction.
    FOR x IN SELECT batch_id, amount_fen FROM invoice_application_batch
              WHERE company_id = NEW.company_id AND application_id = NEW.id ORDER BY batch_id
    LOOP
      PERFORM invoice_batch_balance_add(NEW.company_id, x.batch_id,
                                        CASE WHEN holds THEN x.amount_fen ELSE -x.amount_fen END);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_application_keep_applied AFTER UPDATE OF status ON "invoice_application"
  FOR EACH ROW EXECUTE FUNCTION invoice_application_keep_applied();
--> statement-breakpoint
-- A balance's applied amount moves its service company's total, and the count of used-up batches
-- (applied up to the paid amount) that 选择订单's count leaves out.
CREATE FUNCTION invoice_batch_balance_keep_total() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_fen bigint := CASE WHEN TG_OP = 'UPDATE' THEN OLD.applied_fen ELSE 0 END;
  was_used int := CASE WHEN TG_OP = 'UPDATE' AND OLD.applied_fen >= OLD.paid_fen THEN 1 ELSE 0 END;
  is_used int := CASE WHEN NEW.applied_fen >= NEW.paid_fen THEN 1 ELSE 0 END;
BEGIN
  INSERT INTO invoiceable_total (company_id, service_company_id, applied_fen, used_batches)
  VALUES (NEW.company_id, NEW.service_company_id, NEW.applied_fen - old_fen, is_used - was_used)
  ON CONFLICT (company_id, service_company_id) DO UPDATE
    SET applied_fen = invoiceable_total.applied_fen + excluded.applied_fen,
        used_batches = invoiceable_total.used_batches + excluded.used_batches;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_batch_balance_keep_total AFTER INSERT OR UPDATE OF applied_fen ON "invoice_batch_balance"
  FOR EACH ROW EXECUTE FUNCTION invoice_batch_balance_keep_total();
--> statement-breakpoint
-- Worker's public read for other areas' lists (task's): a worker's name, masked ID number and
-- mobile, without the rest of the row.
CREATE VIEW "worker_card" AS
  SELECT company_id, id, name, id_number_masked, mobile FROM "worker";
