-- Issue 40, ADR 0025: row-level security on every tenant table, forced for the tables' owner too.
-- The app runs its statements as flexpay_app (one company's rows: the setting app.company_id,
-- set by the database adapter from the code's scope, src/db/scope.ts) or flexpay_platform (every
-- company's, for the operator console, identity before a company is known, jobs and the seed).
-- Neither owns anything. Without the setting a tenant table answers nothing and takes nothing.
DO $$ BEGIN CREATE ROLE flexpay_app NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
--> statement-breakpoint
DO $$ BEGIN CREATE ROLE flexpay_platform NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
--> statement-breakpoint
-- The connecting role (which runs the migrations and owns the tables) switches to them.
GRANT flexpay_app, flexpay_platform TO CURRENT_USER;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO flexpay_app, flexpay_platform;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO flexpay_app, flexpay_platform;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO flexpay_app, flexpay_platform;
--> statement-breakpoint
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO flexpay_app, flexpay_platform;
--> statement-breakpoint
-- Tables, sequences and functions of later migrations get the same grants.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO flexpay_app, flexpay_platform;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO flexpay_app, flexpay_platform;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT EXECUTE ON FUNCTIONS TO flexpay_app, flexpay_platform;
--> statement-breakpoint
-- The health check reads how many migrations are applied.
GRANT USAGE ON SCHEMA drizzle TO flexpay_app, flexpay_platform;
--> statement-breakpoint
GRANT SELECT ON drizzle.__drizzle_migrations TO flexpay_app, flexpay_platform;
--> statement-breakpoint
-- Planner statistics are kept by the bulk paths (ADR 0016), but ANALYZE is the owner's: the app
-- asks the owner's function, which analyses a table of this schema and nothing else.
CREATE FUNCTION flexpay_analyze(table_name text) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
BEGIN
  IF to_regclass(format('public.%I', table_name)) IS NULL THEN
    RAISE EXCEPTION 'no table %', table_name;
  END IF;
  EXECUTE format('ANALYZE public.%I', table_name);
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION flexpay_analyze(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION flexpay_analyze(text) TO flexpay_app, flexpay_platform;
--> statement-breakpoint
-- Views read their tables as the reader, so the readers' policies apply through them.
ALTER VIEW "payroll_batch_state" SET (security_invoker = true);
--> statement-breakpoint
ALTER VIEW "payroll_paid_by_service_company" SET (security_invoker = true);
--> statement-breakpoint
ALTER VIEW "worker_card" SET (security_invoker = true);
--> statement-breakpoint
ALTER VIEW "admin_role_grant" SET (security_invoker = true);
--> statement-breakpoint
ALTER VIEW "role_grant" SET (security_invoker = true);
--> statement-breakpoint
ALTER TABLE "admin" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "admin" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "admin" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "admin" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "admin_role" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "admin_role" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "admin_role" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "admin_role" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "advert" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "advert" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "advert" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "advert" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "approval_action" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "approval_action" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "approval_action" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "approval_action" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "approval_flow" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "approval_flow" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "approval_flow" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "approval_flow" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "approval_request" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "approval_request" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "approval_request" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "approval_request" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "article" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "article" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "article" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "article" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "audit_log" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "audit_log" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "audit_log" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "chat_conversation" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "chat_conversation" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "chat_conversation" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "chat_conversation" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "chat_message" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "chat_message" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "chat_message" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "chat_message" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "company_contract" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "company_contract" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "company_contract" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "company_contract" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "company_service_company" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "company_service_company" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "company_service_company" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "company_service_company" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "department" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "department" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "department" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "department" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "department_closure" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "department_closure" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "department_closure" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "department_closure" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "export_job" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "export_job" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "export_job" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "export_job" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "home_module" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "home_module" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "home_module" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "home_module" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "import_job" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "import_job" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "import_job" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "import_job" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "invoice_application" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "invoice_application" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "invoice_application" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "invoice_application" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "invoice_application_batch" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "invoice_application_batch" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "invoice_application_batch" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "invoice_application_batch" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "invoice_batch_balance" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "invoice_batch_balance" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "invoice_batch_balance" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "invoice_batch_balance" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "invoice_info" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "invoice_info" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "invoice_info" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "invoice_info" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "invoiceable_total" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "invoiceable_total" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "invoiceable_total" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "invoiceable_total" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "job_type" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "job_type" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "job_type" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "job_type" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
-- ledger_account: rows without a company are the platform's own side of a posting, written in the company's transaction.
ALTER TABLE "ledger_account" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "ledger_account" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "ledger_account" USING ((company_id IS NULL OR company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint))) WITH CHECK ((company_id IS NULL OR company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "ledger_account" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
-- ledger_entry: rows without a company are the platform's own side of a posting, written in the company's transaction.
ALTER TABLE "ledger_entry" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "ledger_entry" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "ledger_entry" USING ((company_id IS NULL OR company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint))) WITH CHECK ((company_id IS NULL OR company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "ledger_entry" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "ledger_entry_day" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "ledger_entry_day" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "ledger_entry_day" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "ledger_entry_day" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
-- ledger_transfer: rows without a company are the platform's own side of a posting, written in the company's transaction.
ALTER TABLE "ledger_transfer" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "ledger_transfer" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "ledger_transfer" USING ((company_id IS NULL OR company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint))) WITH CHECK ((company_id IS NULL OR company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "ledger_transfer" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "payment_account" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "payment_account" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payment_account" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "payment_account" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "payout" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "payout" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payout" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "payout" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "payout_month_total" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "payout_month_total" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payout_month_total" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "payout_month_total" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "payout_month_worker" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "payout_month_worker" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payout_month_worker" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "payout_month_worker" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "payroll_batch" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "payroll_batch" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payroll_batch" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "payroll_batch" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "payroll_item" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "payroll_item" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payroll_item" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "payroll_item" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "payroll_paid_total" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "payroll_paid_total" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payroll_paid_total" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "payroll_paid_total" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "role" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "role" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "role" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "role" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "session" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "session" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "session" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "session" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "stored_file" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "stored_file" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "stored_file" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "stored_file" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "task_assignment" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "task_assignment" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "task_assignment" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "task_assignment" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "task_assignment_count" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "task_assignment_count" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "task_assignment_count" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "task_assignment_count" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "task_attachment" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "task_attachment" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "task_attachment" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "task_attachment" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "task_delivery" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "task_delivery" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "task_delivery" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "task_delivery" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "task_delivery_file" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "task_delivery_file" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "task_delivery_file" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "task_delivery_file" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "task_event" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "task_event" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "task_event" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "task_event" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "task_order" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "task_order" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "task_order" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "task_order" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "task_payment" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "task_payment" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "task_payment" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "task_payment" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "topup" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "topup" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "topup" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "topup" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "totp_step_use" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "totp_step_use" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "totp_step_use" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "totp_step_use" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "worker" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "worker" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "worker" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "worker" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "worker_alipay" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "worker_alipay" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "worker_alipay" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "worker_alipay" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "worker_bank_card" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "worker_bank_card" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "worker_bank_card" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "worker_bank_card" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "worker_count" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "worker_count" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "worker_count" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "worker_count" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "worker_facet_count" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "worker_facet_count" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "worker_facet_count" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "worker_facet_count" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "worker_page_anchor" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "worker_page_anchor" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "worker_page_anchor" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "worker_page_anchor" TO flexpay_platform USING (true) WITH CHECK (true);
