ALTER TABLE "company_contract" ADD COLUMN "sign_method" varchar(10);--> statement-breakpoint
ALTER TABLE "company_contract" ADD COLUMN "signed_by" bigint;--> statement-breakpoint
ALTER TABLE "company_contract" ADD COLUMN "signer_name" varchar(50);--> statement-breakpoint
ALTER TABLE "company_contract" ADD COLUMN "original_sha256" varchar(64);--> statement-breakpoint
ALTER TABLE "company_contract" ADD COLUMN "signed_file_id" uuid;--> statement-breakpoint
ALTER TABLE "company_contract" ADD COLUMN "signed_sha256" varchar(64);--> statement-breakpoint
ALTER TABLE "company_contract" ADD CONSTRAINT "company_contract_signed_file_fk" FOREIGN KEY ("company_id","signed_file_id") REFERENCES "public"."stored_file"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_contract" ADD CONSTRAINT "company_contract_signed_by_fk" FOREIGN KEY ("company_id","signed_by") REFERENCES "public"."admin"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_contract_signed_file_idx" ON "company_contract" USING btree ("company_id","signed_file_id");--> statement-breakpoint
CREATE INDEX "company_contract_signed_by_idx" ON "company_contract" USING btree ("company_id","signed_by");--> statement-breakpoint
ALTER TABLE "company_contract" ADD CONSTRAINT "company_contract_sign_method_ck" CHECK ("company_contract"."sign_method" is null or "company_contract"."sign_method" in ('online', 'paper'));--> statement-breakpoint
ALTER TABLE "company_contract" ADD CONSTRAINT "company_contract_online_ck" CHECK ("company_contract"."sign_method" is distinct from 'online' or ("company_contract"."signed_by" is not null and "company_contract"."signed_file_id" is not null and "company_contract"."signed_sha256" is not null and "company_contract"."original_sha256" is not null));