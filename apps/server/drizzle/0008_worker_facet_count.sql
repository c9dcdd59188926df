CREATE TABLE "worker_facet_count" (
	"company_id" bigint NOT NULL,
	"facet" varchar(20) NOT NULL,
	"value" varchar(40) NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "worker_facet_count_company_id_facet_value_pk" PRIMARY KEY("company_id","facet","value")
);
--> statement-breakpoint
ALTER TABLE "worker_facet_count" ADD CONSTRAINT "worker_facet_count_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;