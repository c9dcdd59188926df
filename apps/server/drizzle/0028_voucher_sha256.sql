ALTER TABLE "stored_file" ADD COLUMN "sha256" varchar(64);--> statement-breakpoint
ALTER TABLE "topup" ADD COLUMN "voucher_sha256" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "topup_open_voucher_uq" ON "topup" USING btree ("company_id","voucher_sha256") WHERE "topup"."status" in ('approving', 'pending');--> statement-breakpoint
CREATE INDEX "topup_voucher_sha256_idx" ON "topup" USING btree ("voucher_sha256");