-- 对账 (ADR 0030): reconcile_difference is a platform table, local on Citus (ADR 0020), so it keeps
-- no company_id and no key to payout, a company's table: its payout is named by id alone.
ALTER TABLE "reconcile_difference" DROP CONSTRAINT "reconcile_difference_payout_fk";
--> statement-breakpoint
DROP INDEX "reconcile_difference_payout_idx";--> statement-breakpoint
CREATE INDEX "reconcile_difference_payout_idx" ON "reconcile_difference" USING btree ("payout_id");--> statement-breakpoint
ALTER TABLE "reconcile_difference" DROP COLUMN "company_id";