CREATE TABLE "invoice_application" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_application_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"service_company_id" bigint NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"invoice_type" varchar(10) NOT NULL,
	"content" varchar(50) NOT NULL,
	"amount_fen" bigint NOT NULL,
	"info_id" bigint,
	"title" varchar(100) NOT NULL,
	"tax_no" varchar(18) NOT NULL,
	"address_phone" varchar(200) DEFAULT '' NOT NULL,
	"bank_account" varchar(200) DEFAULT '' NOT NULL,
	"recipient" varchar(50) NOT NULL,
	"recipient_phone" varchar(20) NOT NULL,
	"recipient_address" varchar(200) NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"created_by" bigint NOT NULL,
	"reject_reason" varchar(200),
	"rejected_at" timestamp with time zone,
	"invoice_no" varchar(20),
	"invoice_date" date,
	"invoice_file_id" uuid,
	"issued_at" timestamp with time zone,
	"courier" varchar(30),
	"tracking_no" varchar(30),
	"mailed_at" timestamp with time zone,
	"void_reason" varchar(200),
	"voided_at" timestamp with time zone,
	"operator_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_application_company_id_uq" UNIQUE("company_id","id"),
	CONSTRAINT "invoice_application_status_ck" CHECK ("invoice_application"."status" in ('pending', 'issued', 'mailed', 'rejected', 'voided')),
	CONSTRAINT "invoice_application_type_ck" CHECK ("invoice_application"."invoice_type" in ('normal', 'special')),
	CONSTRAINT "invoice_application_amount_ck" CHECK ("invoice_application"."amount_fen" > 0),
	CONSTRAINT "invoice_application_issued_ck" CHECK ("invoice_application"."status" not in ('issued', 'mailed') or ("invoice_application"."invoice_no" is not null and "invoice_application"."invoice_date" is not null and "invoice_application"."invoice_file_id" is not null)),
	CONSTRAINT "invoice_application_mailed_ck" CHECK ("invoice_application"."status" <> 'mailed' or ("invoice_application"."courier" is not null and "invoice_application"."tracking_no" is not null))
);
--> statement-breakpoint
CREATE TABLE "invoice_application_batch" (
	"company_id" bigint NOT NULL,
	"application_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	CONSTRAINT "invoice_application_batch_application_id_batch_id_pk" PRIMARY KEY("application_id","batch_id"),
	CONSTRAINT "invoice_application_batch_amount_ck" CHECK ("invoice_application_batch"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_info" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_info_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"title" varchar(100) NOT NULL,
	"tax_no" varchar(18) NOT NULL,
	"address_phone" varchar(200) DEFAULT '' NOT NULL,
	"bank_account" varchar(200) DEFAULT '' NOT NULL,
	"recipient" varchar(50) NOT NULL,
	"recipient_phone" varchar(20) NOT NULL,
	"recipient_address" varchar(200) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_info_company_id_uq" UNIQUE("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "invoice_application" ADD CONSTRAINT "invoice_application_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_application" ADD CONSTRAINT "invoice_application_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_application" ADD CONSTRAINT "invoice_application_service_company_fk" FOREIGN KEY ("company_id","service_company_id") REFERENCES "public"."company_service_company"("company_id","service_company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_application" ADD CONSTRAINT "invoice_application_info_fk" FOREIGN KEY ("company_id","info_id") REFERENCES "public"."invoice_info"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_application" ADD CONSTRAINT "invoice_application_created_by_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."admin"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_application" ADD CONSTRAINT "invoice_application_file_fk" FOREIGN KEY ("company_id","invoice_file_id") REFERENCES "public"."stored_file"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_application_batch" ADD CONSTRAINT "invoice_application_batch_application_fk" FOREIGN KEY ("company_id","application_id") REFERENCES "public"."invoice_application"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_application_batch" ADD CONSTRAINT "invoice_application_batch_batch_fk" FOREIGN KEY ("company_id","batch_id") REFERENCES "public"."payroll_batch"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_info" ADD CONSTRAINT "invoice_info_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_application_company_idx" ON "invoice_application" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoice_application_status_idx" ON "invoice_application" USING btree ("company_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "invoice_application_service_idx" ON "invoice_application" USING btree ("company_id","service_company_id","status");--> statement-breakpoint
CREATE INDEX "invoice_application_queue_idx" ON "invoice_application" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "invoice_application_info_idx" ON "invoice_application" USING btree ("company_id","info_id") WHERE "invoice_application"."info_id" is not null;--> statement-breakpoint
CREATE INDEX "invoice_application_file_idx" ON "invoice_application" USING btree ("company_id","invoice_file_id") WHERE "invoice_application"."invoice_file_id" is not null;--> statement-breakpoint
CREATE INDEX "invoice_application_batch_batch_idx" ON "invoice_application_batch" USING btree ("company_id","batch_id");--> statement-breakpoint
CREATE INDEX "invoice_info_company_idx" ON "invoice_info" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_info_default_uq" ON "invoice_info" USING btree ("company_id") WHERE "invoice_info"."is_default";