-- Citus-ready keys (issue 29, ADR 0020): approval_request keyed by (company_id, id); approval_action
-- gains company_id (back-filled from its request) and refers to its request and admin by
-- (company_id, x). Ordered by hand: the keys that depend on the old uniques go first.
ALTER TABLE "approval_action" ADD COLUMN "company_id" bigint;
--> statement-breakpoint
UPDATE "approval_action" a SET "company_id" = r."company_id" FROM "approval_request" r WHERE r."id" = a."request_id";
--> statement-breakpoint
ALTER TABLE "approval_action" ALTER COLUMN "company_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "approval_action" DROP CONSTRAINT "approval_action_request_id_approval_request_id_fk";
--> statement-breakpoint
ALTER TABLE "approval_action" DROP CONSTRAINT "approval_action_admin_id_admin_id_fk";
--> statement-breakpoint
ALTER TABLE "payroll_batch" DROP CONSTRAINT "payroll_batch_approval_fk";
--> statement-breakpoint
ALTER TABLE "approval_action" DROP CONSTRAINT "approval_action_once_uq";
--> statement-breakpoint
ALTER TABLE "approval_request" DROP CONSTRAINT "approval_request_company_id_uq";
--> statement-breakpoint
ALTER TABLE "approval_request" DROP CONSTRAINT "approval_request_pkey";
--> statement-breakpoint
ALTER TABLE "approval_action" DROP CONSTRAINT "approval_action_pkey";
--> statement-breakpoint
ALTER TABLE "approval_request" ADD CONSTRAINT "approval_request_pkey" PRIMARY KEY("company_id","id");
--> statement-breakpoint
ALTER TABLE "approval_action" ADD CONSTRAINT "approval_action_pkey" PRIMARY KEY("company_id","id");
--> statement-breakpoint
ALTER TABLE "approval_action" ADD CONSTRAINT "approval_action_once_uq" UNIQUE("company_id","request_id","step","admin_id");
--> statement-breakpoint
ALTER TABLE "approval_action" ADD CONSTRAINT "approval_action_request_fk" FOREIGN KEY ("company_id","request_id") REFERENCES "public"."approval_request"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "approval_action" ADD CONSTRAINT "approval_action_admin_fk" FOREIGN KEY ("company_id","admin_id") REFERENCES "public"."admin"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payroll_batch" ADD CONSTRAINT "payroll_batch_approval_fk" FOREIGN KEY ("company_id","approval_request_id") REFERENCES "public"."approval_request"("company_id","id") ON DELETE no action ON UPDATE no action;
