CREATE TABLE "operator" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"username" varchar(64) NOT NULL,
	"password_hash" varchar(200) NOT NULL,
	"name" varchar(50) NOT NULL,
	"status" varchar(10) DEFAULT 'enabled' NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "operator_session" (
	"id" uuid PRIMARY KEY NOT NULL,
	"operator_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_account" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_account_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(20) NOT NULL,
	"company_id" bigint,
	"service_company_id" bigint NOT NULL,
	"balance_fen" bigint DEFAULT 0 NOT NULL,
	"entry_count" bigint DEFAULT 0 NOT NULL,
	"allow_negative" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_account_key" UNIQUE NULLS NOT DISTINCT("kind","company_id","service_company_id"),
	CONSTRAINT "ledger_account_no_overdraft_ck" CHECK ("ledger_account"."allow_negative" or "ledger_account"."balance_fen" >= 0),
	CONSTRAINT "ledger_account_kind_ck" CHECK (("ledger_account"."kind" in ('available', 'frozen') and "ledger_account"."company_id" is not null)
          or ("ledger_account"."kind" in ('bank_clearing', 'fee_income', 'payouts_in_transit') and "ledger_account"."company_id" is null))
);
--> statement-breakpoint
CREATE TABLE "ledger_entry" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entry_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transfer_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"company_id" bigint,
	"service_company_id" bigint NOT NULL,
	"account_kind" varchar(20) NOT NULL,
	"type" varchar(20) NOT NULL,
	"amount_fen" bigint NOT NULL,
	"balance_after_fen" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entry_nonzero_ck" CHECK ("ledger_entry"."amount_fen" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfer" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transfer_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint,
	"type" varchar(20) NOT NULL,
	"ref_kind" varchar(30) NOT NULL,
	"ref_id" varchar(60) NOT NULL,
	"memo" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfer_ref_key" UNIQUE("type","ref_kind","ref_id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_key" (
	"realm" varchar(40) NOT NULL,
	"key" varchar(100) NOT NULL,
	"route" varchar(200) NOT NULL,
	"body_hash" varchar(64) NOT NULL,
	"status" integer NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_key_realm_key_pk" PRIMARY KEY("realm","key")
);
--> statement-breakpoint
CREATE TABLE "payment_account" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_account_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"bank" varchar(50) NOT NULL,
	"account_name" varchar(100) NOT NULL,
	"account_no" varchar(30) NOT NULL,
	"branch" varchar(100) DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topup" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "topup_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"service_company_id" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"payer_bank" varchar(50) NOT NULL,
	"payer_account_name" varchar(100) NOT NULL,
	"payer_account_no" varchar(30) NOT NULL,
	"voucher_file_id" uuid NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"reject_reason" varchar(200),
	"created_by" bigint,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topup_amount_ck" CHECK ("topup"."amount_fen" > 0),
	CONSTRAINT "topup_status_ck" CHECK ("topup"."status" in ('pending', 'confirmed', 'rejected')),
	CONSTRAINT "topup_confirmed_transfer_ck" CHECK (("topup"."status" = 'confirmed') = ("topup"."transfer_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "service_company" ADD COLUMN "bank_name" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_company" ADD COLUMN "bank_account_name" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_company" ADD COLUMN "bank_account_no" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "operator_id" bigint;--> statement-breakpoint
ALTER TABLE "operator_session" ADD CONSTRAINT "operator_session_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_service_company_id_service_company_id_fk" FOREIGN KEY ("service_company_id") REFERENCES "public"."service_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_transfer_id_ledger_transfer_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_account_id_ledger_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfer" ADD CONSTRAINT "ledger_transfer_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_account" ADD CONSTRAINT "payment_account_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup" ADD CONSTRAINT "topup_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup" ADD CONSTRAINT "topup_service_company_id_service_company_id_fk" FOREIGN KEY ("service_company_id") REFERENCES "public"."service_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup" ADD CONSTRAINT "topup_voucher_file_id_stored_file_id_fk" FOREIGN KEY ("voucher_file_id") REFERENCES "public"."stored_file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup" ADD CONSTRAINT "topup_created_by_admin_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup" ADD CONSTRAINT "topup_decided_by_operator_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup" ADD CONSTRAINT "topup_transfer_id_ledger_transfer_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_session_operator_idx" ON "operator_session" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "ledger_entry_company_idx" ON "ledger_entry" USING btree ("company_id","created_at","id") WHERE "ledger_entry"."company_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entry_account_idx" ON "ledger_entry" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entry_transfer_idx" ON "ledger_entry" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "idempotency_key_created_idx" ON "idempotency_key" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_account_company_idx" ON "payment_account" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_account_number_key" ON "payment_account" USING btree ("company_id","account_no");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_account_default_key" ON "payment_account" USING btree ("company_id") WHERE "payment_account"."is_default";--> statement-breakpoint
CREATE INDEX "topup_company_idx" ON "topup" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "topup_status_idx" ON "topup" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_operator_idx" ON "audit_log" USING btree ("operator_id","created_at") WHERE "audit_log"."operator_id" is not null;