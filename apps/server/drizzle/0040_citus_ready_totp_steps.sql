-- Citus-ready keys (issue 29, ADR 0020): totp_step_use gains company_id, back-filled from its
-- admin, keyed by (company_id, admin_id, purpose), its key to the admin by (company_id, admin_id).
ALTER TABLE "totp_step_use" ADD COLUMN "company_id" bigint;
--> statement-breakpoint
UPDATE "totp_step_use" u SET "company_id" = a."company_id" FROM "admin" a WHERE a."id" = u."admin_id";
--> statement-breakpoint
ALTER TABLE "totp_step_use" ALTER COLUMN "company_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "totp_step_use" DROP CONSTRAINT "totp_step_use_admin_id_admin_id_fk";
--> statement-breakpoint
ALTER TABLE "totp_step_use" DROP CONSTRAINT "totp_step_use_pk";
--> statement-breakpoint
ALTER TABLE "totp_step_use" ADD CONSTRAINT "totp_step_use_pk" PRIMARY KEY("company_id","admin_id","purpose");
--> statement-breakpoint
ALTER TABLE "totp_step_use" ADD CONSTRAINT "totp_step_use_admin_fk" FOREIGN KEY ("company_id","admin_id") REFERENCES "public"."admin"("company_id","id") ON DELETE cascade ON UPDATE no action;
