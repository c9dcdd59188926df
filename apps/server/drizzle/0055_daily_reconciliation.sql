-- Issue 42 point 1, daily reconciliation (对账, ADR 0030): each service company's day against the
-- provider's signed statement, its differences, the staging table statements are COPied into, the
-- payout's 对账异常 hold, the ledger's suspense account kind and the sandbox's statement facts.
CREATE TABLE "reconcile_day" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconcile_day_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"service_company_id" bigint NOT NULL,
	"day" date NOT NULL,
	"status" varchar(10) NOT NULL,
	"statement_sha256" char(64),
	"line_count" integer DEFAULT 0 NOT NULL,
	"matched_count" integer DEFAULT 0 NOT NULL,
	"matched_fen" bigint DEFAULT 0 NOT NULL,
	"difference_count" integer DEFAULT 0 NOT NULL,
	"open_count" integer DEFAULT 0 NOT NULL,
	"error" varchar(200),
	"attempts" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconcile_day_key" UNIQUE("service_company_id","day"),
	CONSTRAINT "reconcile_day_status_ck" CHECK ("reconcile_day"."status" in ('done', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "reconcile_difference" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconcile_difference_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day_id" bigint NOT NULL,
	"service_company_id" bigint NOT NULL,
	"kind" varchar(20) NOT NULL,
	"ref" varchar(40) NOT NULL,
	"company_id" bigint,
	"payout_id" bigint,
	"our_status" varchar(10),
	"our_amount_fen" bigint,
	"provider_ref" varchar(64),
	"provider_status" varchar(10),
	"provider_amount_fen" bigint,
	"provider_lines" integer DEFAULT 0 NOT NULL,
	"provider_at" timestamp with time zone,
	"suspense_fen" bigint DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"resolution" varchar(10),
	"reason" varchar(200),
	"resolved_by" bigint,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconcile_difference_key" UNIQUE("day_id","kind","ref"),
	CONSTRAINT "reconcile_difference_kind_ck" CHECK ("reconcile_difference"."kind" in ('missing_provider', 'missing_ours', 'amount', 'status', 'duplicate')),
	CONSTRAINT "reconcile_difference_status_ck" CHECK ("reconcile_difference"."status" in ('open', 'resolved')),
	CONSTRAINT "reconcile_difference_resolution_ck" CHECK (("reconcile_difference"."status" = 'open') = ("reconcile_difference"."resolution" is null) and ("reconcile_difference"."resolution" is null or "reconcile_difference"."resolution" in ('provider', 'ours')))
);
--> statement-breakpoint
CREATE TABLE "reconcile_line" (
	"day_id" bigint DEFAULT (current_setting('flexpay.reconcile_day'))::bigint NOT NULL,
	"provider_ref" varchar(64) NOT NULL,
	"ref" varchar(40) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"status" varchar(10) NOT NULL,
	"settled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_account" DROP CONSTRAINT "ledger_account_kind_ck";--> statement-breakpoint
ALTER TABLE "payout" ADD COLUMN "reconcile_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payout" ADD COLUMN "service_company_id" bigint;--> statement-breakpoint
ALTER TABLE "sandbox_payout" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_payout_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "sandbox_payout" ADD COLUMN "statement_fault" varchar(20);--> statement-breakpoint
ALTER TABLE "reconcile_day" ADD CONSTRAINT "reconcile_day_service_company_id_service_company_id_fk" FOREIGN KEY ("service_company_id") REFERENCES "public"."service_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconcile_difference" ADD CONSTRAINT "reconcile_difference_day_id_reconcile_day_id_fk" FOREIGN KEY ("day_id") REFERENCES "public"."reconcile_day"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconcile_difference" ADD CONSTRAINT "reconcile_difference_service_company_id_service_company_id_fk" FOREIGN KEY ("service_company_id") REFERENCES "public"."service_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconcile_difference" ADD CONSTRAINT "reconcile_difference_resolved_by_operator_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconcile_difference" ADD CONSTRAINT "reconcile_difference_payout_fk" FOREIGN KEY ("company_id","payout_id") REFERENCES "public"."payout"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconcile_day_day_idx" ON "reconcile_day" USING btree ("day","id");--> statement-breakpoint
CREATE INDEX "reconcile_difference_payout_idx" ON "reconcile_difference" USING btree ("company_id","payout_id");--> statement-breakpoint
CREATE INDEX "reconcile_difference_open_idx" ON "reconcile_difference" USING btree ("id") WHERE "reconcile_difference"."status" = 'open';--> statement-breakpoint
CREATE INDEX "payout_settled_idx" ON "payout" USING btree ("service_company_id","settled_at") WHERE "payout"."status" in ('succeeded', 'failed');--> statement-breakpoint
CREATE INDEX "payout_hold_idx" ON "payout" USING btree ("company_id","item_id") WHERE "payout"."reconcile_hold";--> statement-breakpoint
CREATE INDEX "sandbox_payout_statement_idx" ON "sandbox_payout" USING btree ("service_company_id","settles_at");--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_kind_ck" CHECK (("ledger_account"."kind" in ('available', 'frozen') and "ledger_account"."company_id" is not null)
          or ("ledger_account"."kind" in ('bank_clearing', 'fee_income', 'payouts_in_transit', 'payout_suspense') and "ledger_account"."company_id" is null));--> statement-breakpoint
-- The platform's: a company's scope (flexpay_app) has no part in them (the grants came by default).
REVOKE ALL ON "reconcile_day" FROM flexpay_app;
--> statement-breakpoint
REVOKE ALL ON "reconcile_difference" FROM flexpay_app;
--> statement-breakpoint
REVOKE ALL ON "reconcile_line" FROM flexpay_app;
