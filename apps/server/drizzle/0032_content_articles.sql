CREATE TABLE "article" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "article_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" varchar(100) NOT NULL,
	"summary" varchar(300) DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "article_id_uq" UNIQUE("id"),
	CONSTRAINT "article_status_ck" CHECK ("article"."status" in ('draft', 'published')),
	CONSTRAINT "article_published_ck" CHECK ("article"."status" = 'draft' or "article"."published_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "article" ADD CONSTRAINT "article_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_company_idx" ON "article" USING btree ("company_id","created_at","id");