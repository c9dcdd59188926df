CREATE TABLE "payroll_batch" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payroll_batch_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"title" varchar(50) NOT NULL,
	"period" varchar(7) NOT NULL,
	"service_company_id" bigint NOT NULL,
	"channel" varchar(10) NOT NULL,
	"source" varchar(10) NOT NULL,
	"status" varchar(12) DEFAULT 'draft' NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"ok_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"fee_fen" bigint DEFAULT 0 NOT NULL,
	"net_fen" bigint DEFAULT 0 NOT NULL,
	"debit_fen" bigint DEFAULT 0 NOT NULL,
	"fee_rate_bp" integer,
	"fee_bearer" varchar(10),
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_by" bigint NOT NULL,
	"checked_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" varchar(200),
	"approval_request_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_batch_status_ck" CHECK ("payroll_batch"."status" in ('draft', 'checking', 'confirming', 'approving', 'to_pay', 'paying', 'completed', 'partial', 'cancelled')),
	CONSTRAINT "payroll_batch_channel_ck" CHECK ("payroll_batch"."channel" in ('bank', 'alipay')),
	CONSTRAINT "payroll_batch_source_ck" CHECK ("payroll_batch"."source" in ('sheet', 'workers', 'tasks')),
	CONSTRAINT "payroll_batch_period_ck" CHECK ("payroll_batch"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "payroll_batch_totals_ck" CHECK ("payroll_batch"."amount_fen" >= 0 and "payroll_batch"."fee_fen" >= 0 and "payroll_batch"."debit_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payroll_item" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payroll_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"row_no" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"id_number_hash" varchar(64) NOT NULL,
	"id_number_masked" varchar(18) NOT NULL,
	"amount_fen" bigint NOT NULL,
	"fee_fen" bigint DEFAULT 0 NOT NULL,
	"net_fen" bigint DEFAULT 0 NOT NULL,
	"debit_fen" bigint DEFAULT 0 NOT NULL,
	"worker_id" bigint,
	"account_channel" varchar(10),
	"account_id" bigint,
	"account_masked" varchar(100),
	"account_bank" varchar(20),
	"check_result" varchar(10) DEFAULT 'unchecked' NOT NULL,
	"check_reasons" text DEFAULT '' NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	CONSTRAINT "payroll_item_amount_ck" CHECK ("payroll_item"."amount_fen" > 0),
	CONSTRAINT "payroll_item_result_ck" CHECK ("payroll_item"."check_result" in ('unchecked', 'ok', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "import_job" ADD COLUMN "subject_id" bigint;--> statement-breakpoint
ALTER TABLE "payroll_batch" ADD CONSTRAINT "payroll_batch_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_batch" ADD CONSTRAINT "payroll_batch_service_company_id_service_company_id_fk" FOREIGN KEY ("service_company_id") REFERENCES "public"."service_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_batch" ADD CONSTRAINT "payroll_batch_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_item" ADD CONSTRAINT "payroll_item_batch_id_payroll_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payroll_batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payroll_batch_company_idx" ON "payroll_batch" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payroll_batch_status_idx" ON "payroll_batch" USING btree ("company_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "payroll_batch_period_idx" ON "payroll_batch" USING btree ("company_id","service_company_id","period");--> statement-breakpoint
CREATE INDEX "payroll_item_batch_idx" ON "payroll_item" USING btree ("company_id","batch_id","row_no","id");--> statement-breakpoint
CREATE INDEX "payroll_item_result_idx" ON "payroll_item" USING btree ("company_id","batch_id","check_result","row_no","id");--> statement-breakpoint
CREATE INDEX "payroll_item_name_idx" ON "payroll_item" USING btree ("company_id","batch_id","name" text_pattern_ops);