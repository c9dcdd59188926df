-- Every reference between tables is a foreign key (issue 23). Composite keys carry the tenant:
-- (company_id, x_id) refers to (company_id, id) of the referred table, so a row can never name
-- another company's admin, batch, approval, file, worker or payout account. The referred tables
-- get the unique (company_id, id) those keys need first.
ALTER TABLE "admin" ADD CONSTRAINT "admin_company_id_uq" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_company_id_uq" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "approval_request" ADD CONSTRAINT "approval_request_company_id_uq" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "payroll_batch" ADD CONSTRAINT "payroll_batch_company_id_uq" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "payroll_batch" ADD CONSTRAINT "payroll_batch_service_company_uq" UNIQUE("company_id","id","service_company_id");
--> statement-breakpoint
-- The single-column keys to admin, to the voucher file and to the batch become composite ones.
ALTER TABLE "admin_role" DROP CONSTRAINT "admin_role_admin_id_admin_id_fk";
--> statement-breakpoint
ALTER TABLE "session" DROP CONSTRAINT "session_admin_id_admin_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_service_message" DROP CONSTRAINT "customer_service_message_admin_id_admin_id_fk";
--> statement-breakpoint
ALTER TABLE "stored_file" DROP CONSTRAINT "stored_file_admin_id_admin_id_fk";
--> statement-breakpoint
ALTER TABLE "export_job" DROP CONSTRAINT "export_job_admin_id_admin_id_fk";
--> statement-breakpoint
ALTER TABLE "import_job" DROP CONSTRAINT "import_job_admin_id_admin_id_fk";
--> statement-breakpoint
ALTER TABLE "topup" DROP CONSTRAINT "topup_voucher_file_id_stored_file_id_fk";
--> statement-breakpoint
ALTER TABLE "topup" DROP CONSTRAINT "topup_created_by_admin_id_fk";
--> statement-breakpoint
ALTER TABLE "approval_request" DROP CONSTRAINT "approval_request_creator_admin_id_admin_id_fk";
--> statement-breakpoint
ALTER TABLE "payout" DROP CONSTRAINT "payout_batch_id_payroll_batch_id_fk";
--> statement-breakpoint
ALTER TABLE "payroll_batch" DROP CONSTRAINT "payroll_batch_created_by_admin_id_fk";
--> statement-breakpoint
ALTER TABLE "payroll_item" DROP CONSTRAINT "payroll_item_batch_id_payroll_batch_id_fk";
--> statement-breakpoint
-- An item's and a payout's account_id names a bank card or an Alipay account depending on the
-- channel: one generated column per channel makes each a key of its own table.
ALTER TABLE "payout" ADD COLUMN "bank_card_id" bigint GENERATED ALWAYS AS (case when "channel" = 'bank' then "account_id" end) STORED;
--> statement-breakpoint
ALTER TABLE "payout" ADD COLUMN "alipay_id" bigint GENERATED ALWAYS AS (case when "channel" = 'alipay' then "account_id" end) STORED;
--> statement-breakpoint
ALTER TABLE "payroll_item" ADD COLUMN "bank_card_id" bigint GENERATED ALWAYS AS (case when "account_channel" = 'bank' then "account_id" end) STORED;
--> statement-breakpoint
ALTER TABLE "payroll_item" ADD COLUMN "alipay_id" bigint GENERATED ALWAYS AS (case when "account_channel" = 'alipay' then "account_id" end) STORED;
--> statement-breakpoint
ALTER TABLE "admin_role" ADD CONSTRAINT "admin_role_admin_fk" FOREIGN KEY ("company_id","admin_id") REFERENCES "public"."admin"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_admin_fk" FOREIGN KEY ("company_id","admin_id") REFERENCES "public"."admin"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_admin_fk" FOREIGN KEY ("company_id","admin_id") REFERENCES "public"."admin"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "customer_service_message" ADD CONSTRAINT "cs_message_admin_fk" FOREIGN KEY ("company_id","admin_id") REFERENCES "public"."admin"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_admin_fk" FOREIGN KEY ("company_id","admin_id") REFERENCES "public"."admin"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "export_job" ADD CONSTRAINT "export_job_admin_fk" FOREIGN KEY ("company_id","admin_id") REFERENCES "public"."admin"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "import_job" ADD CONSTRAINT "import_job_admin_fk" FOREIGN KEY ("company_id","admin_id") REFERENCES "public"."admin"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_entry_day" ADD CONSTRAINT "ledger_entry_day_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ledger_entry_day" ADD CONSTRAINT "ledger_entry_day_service_company_id_service_company_id_fk" FOREIGN KEY ("service_company_id") REFERENCES "public"."service_company"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "topup" ADD CONSTRAINT "topup_voucher_file_fk" FOREIGN KEY ("company_id","voucher_file_id") REFERENCES "public"."stored_file"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "topup" ADD CONSTRAINT "topup_created_by_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."admin"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "approval_request" ADD CONSTRAINT "approval_request_creator_fk" FOREIGN KEY ("company_id","creator_admin_id") REFERENCES "public"."admin"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payout" ADD CONSTRAINT "payout_batch_fk" FOREIGN KEY ("company_id","batch_id","service_company_id") REFERENCES "public"."payroll_batch"("company_id","id","service_company_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payroll_batch" ADD CONSTRAINT "payroll_batch_created_by_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."admin"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payroll_batch" ADD CONSTRAINT "payroll_batch_approval_fk" FOREIGN KEY ("company_id","approval_request_id") REFERENCES "public"."approval_request"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payroll_item" ADD CONSTRAINT "payroll_item_batch_fk" FOREIGN KEY ("company_id","batch_id") REFERENCES "public"."payroll_batch"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The references the code before this migration could break (a worker deleted with items in a
-- batch, a payout account deleted under an item or a payout) may dangle in an existing database:
-- their keys are added NOT VALID (every new row, change and delete is checked at once) and then
-- validated; where old rows dangle, the key stays not validated with a warning instead of the
-- migration failing, and `ALTER TABLE ... VALIDATE CONSTRAINT` validates it once they are repaired.
ALTER TABLE "payout" ADD CONSTRAINT "payout_bank_card_fk" FOREIGN KEY ("company_id","bank_card_id") REFERENCES "public"."worker_bank_card"("company_id","id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "payout" ADD CONSTRAINT "payout_alipay_fk" FOREIGN KEY ("company_id","alipay_id") REFERENCES "public"."worker_alipay"("company_id","id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "payroll_item" ADD CONSTRAINT "payroll_item_worker_fk" FOREIGN KEY ("company_id","worker_id") REFERENCES "public"."worker"("company_id","id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "payroll_item" ADD CONSTRAINT "payroll_item_bank_card_fk" FOREIGN KEY ("company_id","bank_card_id") REFERENCES "public"."worker_bank_card"("company_id","id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
ALTER TABLE "payroll_item" ADD CONSTRAINT "payroll_item_alipay_fk" FOREIGN KEY ("company_id","alipay_id") REFERENCES "public"."worker_alipay"("company_id","id") ON DELETE no action ON UPDATE no action NOT VALID;
--> statement-breakpoint
DO $$
BEGIN
  BEGIN
    ALTER TABLE "payroll_item" VALIDATE CONSTRAINT "payroll_item_worker_fk";
  EXCEPTION WHEN foreign_key_violation THEN
    RAISE WARNING 'foreign key % left not validated: existing rows refer to deleted rows', 'payroll_item_worker_fk';
  END;
  BEGIN
    ALTER TABLE "payroll_item" VALIDATE CONSTRAINT "payroll_item_bank_card_fk";
  EXCEPTION WHEN foreign_key_violation THEN
    RAISE WARNING 'foreign key % left not validated: existing rows refer to deleted rows', 'payroll_item_bank_card_fk';
  END;
  BEGIN
    ALTER TABLE "payroll_item" VALIDATE CONSTRAINT "payroll_item_alipay_fk";
  EXCEPTION WHEN foreign_key_violation THEN
    RAISE WARNING 'foreign key % left not validated: existing rows refer to deleted rows', 'payroll_item_alipay_fk';
  END;
  BEGIN
    ALTER TABLE "payout" VALIDATE CONSTRAINT "payout_bank_card_fk";
  EXCEPTION WHEN foreign_key_violation THEN
    RAISE WARNING 'foreign key % left not validated: existing rows refer to deleted rows', 'payout_bank_card_fk';
  END;
  BEGIN
    ALTER TABLE "payout" VALIDATE CONSTRAINT "payout_alipay_fk";
  EXCEPTION WHEN foreign_key_violation THEN
    RAISE WARNING 'foreign key % left not validated: existing rows refer to deleted rows', 'payout_alipay_fk';
  END;
END $$;
--> statement-breakpoint
-- Indexes for the deletes these keys check (a worker's, an account's, an item's) and for the
-- questions they answer (has this worker items?), so none reads the whole table.
CREATE UNIQUE INDEX "payout_item_attempt_key" ON "payout" USING btree ("item_id","attempt");
--> statement-breakpoint
CREATE INDEX "payout_bank_card_idx" ON "payout" USING btree ("company_id","bank_card_id") WHERE "payout"."bank_card_id" is not null;
--> statement-breakpoint
CREATE INDEX "payout_alipay_idx" ON "payout" USING btree ("company_id","alipay_id") WHERE "payout"."alipay_id" is not null;
--> statement-breakpoint
CREATE INDEX "payroll_item_worker_idx" ON "payroll_item" USING btree ("company_id","worker_id") WHERE "payroll_item"."worker_id" is not null;
--> statement-breakpoint
CREATE INDEX "payroll_item_bank_card_idx" ON "payroll_item" USING btree ("company_id","bank_card_id") WHERE "payroll_item"."bank_card_id" is not null;
--> statement-breakpoint
CREATE INDEX "payroll_item_alipay_idx" ON "payroll_item" USING btree ("company_id","alipay_id") WHERE "payroll_item"."alipay_id" is not null;
