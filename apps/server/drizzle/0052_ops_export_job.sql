-- Issue 41: the operators' 下载中心. An operator's export (网关日志) spans companies, so its job is
-- no company's row: a platform table, like access_log, that no company's scope may read or write.
CREATE TABLE "operator_export_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" varchar(30) NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"file_name" varchar(200) DEFAULT '' NOT NULL,
	"file_size" bigint DEFAULT 0 NOT NULL,
	"error" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"operator_id" bigint NOT NULL,
	"file_key" varchar(300)
);
--> statement-breakpoint
ALTER TABLE "operator_export_job" ADD CONSTRAINT "operator_export_job_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_export_job_operator_idx" ON "operator_export_job" USING btree ("operator_id","created_at");
--> statement-breakpoint
-- The platform's: a company's scope (flexpay_app) has no part in it (the grant came by default).
REVOKE ALL ON "operator_export_job" FROM flexpay_app;
