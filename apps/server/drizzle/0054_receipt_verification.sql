-- Issue 42 part 2, 回单验真 (ADR 0029): a receipt's verification code and the SHA-256 of its PDF,
-- kept when the receipt is first drawn, and the checks of the public page counted per address.
CREATE UNIQUE INDEX "payout_company_id_key" ON "payout" USING btree ("company_id","id");
--> statement-breakpoint
CREATE TABLE "payout_receipt" (
	"company_id" bigint NOT NULL,
	"payout_id" bigint NOT NULL,
	"code" char(20) NOT NULL,
	"sha256" char(64) NOT NULL,
	"public_url" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_receipt_company_id_payout_id_pk" PRIMARY KEY("company_id","payout_id")
);
--> statement-breakpoint
CREATE TABLE "receipt_check" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "receipt_check_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ip" varchar(64) NOT NULL,
	"found" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_receipt" ADD CONSTRAINT "payout_receipt_payout_fk" FOREIGN KEY ("company_id","payout_id") REFERENCES "public"."payout"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_receipt_code_idx" ON "payout_receipt" USING btree ("code");--> statement-breakpoint
CREATE INDEX "receipt_check_ip_idx" ON "receipt_check" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "receipt_check_created_idx" ON "receipt_check" USING btree ("created_at");
--> statement-breakpoint
-- A tenant table: the company's receipts only, every company's for the platform (the public
-- check page looks a code up across companies in the platform's scope).
ALTER TABLE "payout_receipt" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "payout_receipt" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payout_receipt" USING (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint)) WITH CHECK (company_id = (SELECT nullif(current_setting('app.company_id', true), '')::bigint));
--> statement-breakpoint
CREATE POLICY "platform_access" ON "payout_receipt" TO flexpay_platform USING (true) WITH CHECK (true);
--> statement-breakpoint
-- The platform's: a company's scope (flexpay_app) has no part in it (the grant came by default).
REVOKE ALL ON "receipt_check" FROM flexpay_app;
