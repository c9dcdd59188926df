CREATE TABLE "payout" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"service_company_id" bigint NOT NULL,
	"attempt" integer NOT NULL,
	"ref" varchar(40) NOT NULL,
	"channel" varchar(10) NOT NULL,
	"account_id" bigint NOT NULL,
	"account_masked" varchar(100) NOT NULL,
	"holder_name" varchar(50) NOT NULL,
	"net_fen" bigint NOT NULL,
	"fee_fen" bigint NOT NULL,
	"debit_fen" bigint NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"fail_reason" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payout_status_ck" CHECK ("payout"."status" in ('queued', 'submitted', 'succeeded', 'failed')),
	CONSTRAINT "payout_amounts_ck" CHECK ("payout"."net_fen" > 0 and "payout"."fee_fen" >= 0 and "payout"."debit_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_payout" (
	"ref" varchar(40) PRIMARY KEY NOT NULL,
	"channel" varchar(10) NOT NULL,
	"account_no" varchar(100) NOT NULL,
	"holder_name" varchar(50) NOT NULL,
	"amount_fen" bigint NOT NULL,
	"outcome" varchar(10) NOT NULL,
	"reason" varchar(100) DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"settles_at" timestamp with time zone NOT NULL,
	"callback_at" timestamp with time zone,
	"callbacks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payroll_item" ADD COLUMN "pay_status" varchar(10);--> statement-breakpoint
ALTER TABLE "payroll_item" ADD COLUMN "pay_fail_reason" varchar(100);--> statement-breakpoint
ALTER TABLE "payroll_item" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout" ADD CONSTRAINT "payout_batch_id_payroll_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payroll_batch"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout" ADD CONSTRAINT "payout_item_id_payroll_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."payroll_item"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_ref_key" ON "payout" USING btree ("ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_item_live_key" ON "payout" USING btree ("item_id") WHERE "payout"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "payout_batch_idx" ON "payout" USING btree ("company_id","batch_id","id");--> statement-breakpoint
CREATE INDEX "payout_open_idx" ON "payout" USING btree ("status","id") WHERE "payout"."status" in ('queued', 'submitted');--> statement-breakpoint
ALTER TABLE "payroll_item" ADD CONSTRAINT "payroll_item_pay_ck" CHECK ("payroll_item"."pay_status" is null or "payroll_item"."pay_status" in ('paying', 'paid', 'failed'));