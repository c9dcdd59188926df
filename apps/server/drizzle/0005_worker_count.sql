CREATE TABLE "worker_count" (
	"company_id" bigint PRIMARY KEY NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "worker_count" ADD CONSTRAINT "worker_count_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;