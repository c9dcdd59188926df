ALTER TABLE "topup" DROP CONSTRAINT "topup_status_ck";--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "frozen_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "topup" ADD CONSTRAINT "topup_status_ck" CHECK ("topup"."status" in ('approving', 'pending', 'confirmed', 'rejected', 'withdrawn'));