-- The ledger is append-only (ADR 0012): once written, a transfer or an entry is never updated
-- or deleted, whoever asks. Corrections are new transfers (type adjustment).
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '账本记录只能追加，不能修改或删除 (%)', TG_TABLE_NAME USING ERRCODE = 'P0001';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entry_append_only BEFORE UPDATE OR DELETE ON ledger_entry
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entry_no_truncate BEFORE TRUNCATE ON ledger_entry
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transfer_append_only BEFORE UPDATE OR DELETE ON ledger_transfer
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transfer_no_truncate BEFORE TRUNCATE ON ledger_transfer
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- Every transfer balances: checked at commit for each entry written (an index lookup of its
-- transfer), so a transaction that wrote an unbalanced transfer cannot commit.
CREATE FUNCTION ledger_transfer_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
  n int;
BEGIN
  SELECT coalesce(sum(amount_fen), 0), count(*) INTO total, n FROM ledger_entry WHERE transfer_id = NEW.transfer_id;
  IF total <> 0 OR n < 2 THEN
    RAISE EXCEPTION '转账 % 不平衡：分录合计 %，共 % 条', NEW.transfer_id, total, n USING ERRCODE = 'P0002';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entry_balanced AFTER INSERT ON ledger_entry
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transfer_balanced();
--> statement-breakpoint
-- 资金明细's index carries the columns its filters read (type, service company), so a filtered
-- page and its count read index entries only. Drizzle's builder declares the key alone.
DROP INDEX "ledger_entry_company_idx";
--> statement-breakpoint
CREATE INDEX "ledger_entry_company_idx" ON "ledger_entry" USING btree ("company_id", "created_at", "id")
  INCLUDE ("type", "service_company_id") WHERE "company_id" IS NOT NULL;
