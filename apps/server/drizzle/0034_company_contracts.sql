CREATE TABLE "company_contract" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_contract_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"service_company_id" bigint NOT NULL,
	"contract_no" varchar(30) NOT NULL,
	"title" varchar(100) NOT NULL,
	"type" varchar(20) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"file_id" uuid NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"signed_at" timestamp with time zone,
	"terminated_at" timestamp with time zone,
	"terminate_reason" varchar(200),
	"operator_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_contract_company_id_uq" UNIQUE("company_id","id"),
	CONSTRAINT "company_contract_no_uq" UNIQUE("company_id","contract_no"),
	CONSTRAINT "company_contract_status_ck" CHECK ("company_contract"."status" in ('pending', 'signed', 'terminated')),
	CONSTRAINT "company_contract_type_ck" CHECK ("company_contract"."type" in ('service', 'supplement', 'confidentiality')),
	CONSTRAINT "company_contract_dates_ck" CHECK ("company_contract"."end_date" >= "company_contract"."start_date"),
	CONSTRAINT "company_contract_signed_ck" CHECK ("company_contract"."status" <> 'signed' or "company_contract"."signed_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "company_contract" ADD CONSTRAINT "company_contract_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_contract" ADD CONSTRAINT "company_contract_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_contract" ADD CONSTRAINT "company_contract_service_company_fk" FOREIGN KEY ("company_id","service_company_id") REFERENCES "public"."company_service_company"("company_id","service_company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_contract" ADD CONSTRAINT "company_contract_file_fk" FOREIGN KEY ("company_id","file_id") REFERENCES "public"."stored_file"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_contract_service_idx" ON "company_contract" USING btree ("company_id","service_company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "company_contract_company_idx" ON "company_contract" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "company_contract_file_idx" ON "company_contract" USING btree ("company_id","file_id");--> statement-breakpoint
CREATE INDEX "company_contract_created_idx" ON "company_contract" USING btree ("created_at","id");