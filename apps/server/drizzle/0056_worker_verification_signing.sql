-- Issue 43 (ADR 0031): workers' real-name verification (worker_real_name_run, worker_real_name_check,
-- 认证中 in worker_real_name_ck), the service companies' agreement templates (a reference table, the
-- platform's), the agreements workers sign (worker_agreement, 签约中 in worker_contract_ck) and the
-- per-service-company setting pay_verified_only (default on).
CREATE TABLE "service_agreement_template" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_agreement_template_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"service_company_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"file_key" varchar(300) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"requires_resign" boolean DEFAULT true NOT NULL,
	"operator_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_agreement_template_version_uq" UNIQUE("service_company_id","version"),
	CONSTRAINT "service_agreement_template_version_ck" CHECK ("service_agreement_template"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "worker_agreement" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "worker_agreement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"worker_id" bigint NOT NULL,
	"service_company_id" bigint NOT NULL,
	"template_id" bigint NOT NULL,
	"version" integer NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"provider_ref" varchar(64),
	"reason" varchar(100) DEFAULT '' NOT NULL,
	"signed_file_id" uuid,
	"signed_sha256" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	CONSTRAINT "worker_agreement_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "worker_agreement_version_uq" UNIQUE("company_id","worker_id","template_id"),
	CONSTRAINT "worker_agreement_status_ck" CHECK ("worker_agreement"."status" in ('queued', 'signing', 'signed', 'failed')),
	CONSTRAINT "worker_agreement_signed_ck" CHECK (("worker_agreement"."status" = 'signed') = ("worker_agreement"."signed_file_id" is not null and "worker_agreement"."signed_sha256" is not null))
);
--> statement-breakpoint
CREATE TABLE "worker_real_name_check" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "worker_real_name_check_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"worker_id" bigint NOT NULL,
	"run_id" bigint NOT NULL,
	"status" varchar(12) DEFAULT 'verifying' NOT NULL,
	"factors" smallint,
	"reason" varchar(100) DEFAULT '' NOT NULL,
	"provider_ref" varchar(64),
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "worker_real_name_check_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "worker_real_name_check_status_ck" CHECK ("worker_real_name_check"."status" in ('verifying', 'verified', 'failed', 'superseded')),
	CONSTRAINT "worker_real_name_check_factors_ck" CHECK ("worker_real_name_check"."factors" is null or "worker_real_name_check"."factors" in (2, 3))
);
--> statement-breakpoint
CREATE TABLE "worker_real_name_run" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "worker_real_name_run_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" varchar(10) NOT NULL,
	"total" integer NOT NULL,
	"verified" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"superseded" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "worker_real_name_run_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "worker_real_name_run_source_ck" CHECK ("worker_real_name_run"."source" in ('added', 'changed', 'import', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "worker" DROP CONSTRAINT "worker_real_name_ck";--> statement-breakpoint
ALTER TABLE "worker" DROP CONSTRAINT "worker_contract_ck";--> statement-breakpoint
ALTER TABLE "company_service_company" ADD COLUMN "pay_verified_only" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "service_agreement_template" ADD CONSTRAINT "service_agreement_template_service_company_id_service_company_id_fk" FOREIGN KEY ("service_company_id") REFERENCES "public"."service_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_agreement_template" ADD CONSTRAINT "service_agreement_template_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_agreement" ADD CONSTRAINT "worker_agreement_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_agreement" ADD CONSTRAINT "worker_agreement_service_company_id_service_company_id_fk" FOREIGN KEY ("service_company_id") REFERENCES "public"."service_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_agreement" ADD CONSTRAINT "worker_agreement_template_id_service_agreement_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."service_agreement_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_agreement" ADD CONSTRAINT "worker_agreement_worker_fk" FOREIGN KEY ("company_id","worker_id") REFERENCES "public"."worker"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_agreement" ADD CONSTRAINT "worker_agreement_signed_file_fk" FOREIGN KEY ("company_id","signed_file_id") REFERENCES "public"."stored_file"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_real_name_check" ADD CONSTRAINT "worker_real_name_check_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_real_name_check" ADD CONSTRAINT "worker_real_name_check_worker_fk" FOREIGN KEY ("company_id","worker_id") REFERENCES "public"."worker"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_real_name_check" ADD CONSTRAINT "worker_real_name_check_run_fk" FOREIGN KEY ("company_id","run_id") REFERENCES "public"."worker_real_name_run"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_real_name_run" ADD CONSTRAINT "worker_real_name_run_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "worker_agreement_service_company_idx" ON "worker_agreement" USING btree ("company_id","service_company_id","worker_id");--> statement-breakpoint
CREATE INDEX "worker_agreement_template_idx" ON "worker_agreement" USING btree ("company_id","template_id");--> statement-breakpoint
CREATE INDEX "worker_agreement_signed_file_idx" ON "worker_agreement" USING btree ("company_id","signed_file_id") WHERE "worker_agreement"."signed_file_id" is not null;--> statement-breakpoint
CREATE INDEX "worker_real_name_check_worker_idx" ON "worker_real_name_check" USING btree ("company_id","worker_id","id");--> statement-breakpoint
CREATE INDEX "worker_real_name_check_run_idx" ON "worker_real_name_check" USING btree ("company_id","run_id");--> statement-breakpoint
CREATE INDEX "worker_real_name_check_pending_idx" ON "worker_real_name_check" USING btree ("company_id","id") WHERE "worker_real_name_check"."status" = 'verifying';--> statement-breakpoint
CREATE INDEX "worker_real_name_run_open_idx" ON "worker_real_name_run" USING btree ("company_id","id") WHERE "worker_real_name_run"."finished_at" is null;--> statement-breakpoint
ALTER TABLE "worker" ADD CONSTRAINT "worker_real_name_ck" CHECK ("worker"."real_name_status" in ('unverified', 'verifying', 'verified', 'failed'));--> statement-breakpoint
ALTER TABLE "worker" ADD CONSTRAINT "worker_contract_ck" CHECK ("worker"."contract_status" in ('unsigned', 'signing', 'signed'));
--> statement-breakpoint
-- Row-level security of the new tenant tables, as migration 0049 writes it.
ALTER TABLE "worker_real_name_run" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "worker_real_name_run" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "worker_real_name_run" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "worker_real_name_run" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "worker_real_name_check" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "worker_real_name_check" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "worker_real_name_check" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "worker_real_name_check" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "worker_agreement" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "worker_agreement" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "worker_agreement" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "worker_agreement" TO flexpay_platform USING (true) WITH CHECK (true);
