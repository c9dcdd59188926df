CREATE TABLE "department" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "department_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"parent_id" bigint,
	"name" varchar(50) NOT NULL,
	"leader_name" varchar(50) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "department_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "department_id_uq" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "export_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" bigint NOT NULL,
	"admin_id" bigint NOT NULL,
	"type" varchar(30) NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"file_id" uuid,
	"file_name" varchar(200) DEFAULT '' NOT NULL,
	"file_size" bigint DEFAULT 0 NOT NULL,
	"error" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" bigint NOT NULL,
	"admin_id" bigint NOT NULL,
	"type" varchar(30) NOT NULL,
	"file_id" uuid,
	"file_name" varchar(200) NOT NULL,
	"status" varchar(12) DEFAULT 'validating' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"valid_rows" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"inserted_rows" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"report_file_id" uuid,
	"message" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_type" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "job_type_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(30) NOT NULL,
	"code" varchar(20) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_type_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "job_type_id_uq" UNIQUE("id"),
	CONSTRAINT "job_type_code_uq" UNIQUE("company_id","code"),
	CONSTRAINT "job_type_name_uq" UNIQUE("company_id","name")
);
--> statement-breakpoint
CREATE TABLE "stored_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" bigint NOT NULL,
	"admin_id" bigint,
	"name" varchar(200) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" varchar(300) NOT NULL,
	"purpose" varchar(20) NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "worker_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(50) NOT NULL,
	"id_number_enc" text NOT NULL,
	"id_number_hash" varchar(64) NOT NULL,
	"id_number_masked" varchar(18) NOT NULL,
	"mobile" varchar(11) NOT NULL,
	"gender" varchar(6) NOT NULL,
	"birth_date" date NOT NULL,
	"province" varchar(20) NOT NULL,
	"region_code" varchar(6) NOT NULL,
	"job_type_id" bigint,
	"department_id" bigint,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"real_name_status" varchar(12) DEFAULT 'unverified' NOT NULL,
	"contract_status" varchar(10) DEFAULT 'unsigned' NOT NULL,
	"joined_at" date NOT NULL,
	"left_at" date,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "worker_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "worker_id_number_uq" UNIQUE("company_id","id_number_hash"),
	CONSTRAINT "worker_status_ck" CHECK ("worker"."status" in ('active', 'left')),
	CONSTRAINT "worker_real_name_ck" CHECK ("worker"."real_name_status" in ('unverified', 'verified', 'failed')),
	CONSTRAINT "worker_contract_ck" CHECK ("worker"."contract_status" in ('unsigned', 'signed')),
	CONSTRAINT "worker_gender_ck" CHECK ("worker"."gender" in ('male', 'female'))
);
--> statement-breakpoint
CREATE TABLE "worker_alipay" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "worker_alipay_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"worker_id" bigint NOT NULL,
	"account_enc" text NOT NULL,
	"account_hash" varchar(64) NOT NULL,
	"account_masked" varchar(100) NOT NULL,
	"holder_name" varchar(50) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "worker_alipay_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "alipay_worker_account_uq" UNIQUE("company_id","worker_id","account_hash")
);
--> statement-breakpoint
CREATE TABLE "worker_bank_card" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "worker_bank_card_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"worker_id" bigint NOT NULL,
	"bank_code" varchar(20) NOT NULL,
	"card_number_enc" text NOT NULL,
	"card_number_hash" varchar(64) NOT NULL,
	"card_number_masked" varchar(30) NOT NULL,
	"branch" varchar(100) DEFAULT '' NOT NULL,
	"holder_name" varchar(50) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "worker_bank_card_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "bank_card_worker_card_uq" UNIQUE("company_id","worker_id","card_number_hash")
);
--> statement-breakpoint
ALTER TABLE "department" ADD CONSTRAINT "department_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department" ADD CONSTRAINT "department_company_id_parent_id_department_company_id_id_fk" FOREIGN KEY ("company_id","parent_id") REFERENCES "public"."department"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_job" ADD CONSTRAINT "export_job_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_job" ADD CONSTRAINT "export_job_admin_id_admin_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_job" ADD CONSTRAINT "export_job_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_job" ADD CONSTRAINT "import_job_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_job" ADD CONSTRAINT "import_job_admin_id_admin_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_job" ADD CONSTRAINT "import_job_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_job" ADD CONSTRAINT "import_job_report_file_id_stored_file_id_fk" FOREIGN KEY ("report_file_id") REFERENCES "public"."stored_file"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_type" ADD CONSTRAINT "job_type_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_admin_id_admin_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker" ADD CONSTRAINT "worker_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker" ADD CONSTRAINT "worker_company_id_job_type_id_job_type_company_id_id_fk" FOREIGN KEY ("company_id","job_type_id") REFERENCES "public"."job_type"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker" ADD CONSTRAINT "worker_company_id_department_id_department_company_id_id_fk" FOREIGN KEY ("company_id","department_id") REFERENCES "public"."department"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_alipay" ADD CONSTRAINT "worker_alipay_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_alipay" ADD CONSTRAINT "worker_alipay_company_id_worker_id_worker_company_id_id_fk" FOREIGN KEY ("company_id","worker_id") REFERENCES "public"."worker"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_bank_card" ADD CONSTRAINT "worker_bank_card_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worker_bank_card" ADD CONSTRAINT "worker_bank_card_company_id_worker_id_worker_company_id_id_fk" FOREIGN KEY ("company_id","worker_id") REFERENCES "public"."worker"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_job_company_idx" ON "export_job" USING btree ("company_id","admin_id","created_at");--> statement-breakpoint
CREATE INDEX "import_job_company_idx" ON "import_job" USING btree ("company_id","admin_id","created_at");--> statement-breakpoint
CREATE INDEX "stored_file_company_idx" ON "stored_file" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "worker_created_idx" ON "worker" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "worker_name_idx" ON "worker" USING btree ("company_id","name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "worker_mobile_idx" ON "worker" USING btree ("company_id","mobile");--> statement-breakpoint
CREATE INDEX "worker_job_type_idx" ON "worker" USING btree ("company_id","job_type_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "worker_department_idx" ON "worker" USING btree ("company_id","department_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "worker_status_idx" ON "worker" USING btree ("company_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "worker_joined_idx" ON "worker" USING btree ("company_id","joined_at","id");--> statement-breakpoint
CREATE INDEX "alipay_worker_idx" ON "worker_alipay" USING btree ("company_id","worker_id");--> statement-breakpoint
CREATE INDEX "bank_card_worker_idx" ON "worker_bank_card" USING btree ("company_id","worker_id");