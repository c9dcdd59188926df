ALTER TABLE "worker_alipay" DROP CONSTRAINT "worker_alipay_company_id_company_id_fk";
--> statement-breakpoint
ALTER TABLE "worker_bank_card" DROP CONSTRAINT "worker_bank_card_company_id_company_id_fk";
--> statement-breakpoint
DROP INDEX "alipay_worker_idx";--> statement-breakpoint
DROP INDEX "bank_card_worker_idx";