CREATE TABLE "advert" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "advert_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" varchar(50) NOT NULL,
	"image_file_id" uuid NOT NULL,
	"link" varchar(300) DEFAULT '' NOT NULL,
	"position" varchar(20) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advert_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "advert_id_uq" UNIQUE("id"),
	CONSTRAINT "advert_position_ck" CHECK ("advert"."position" in ('homeBanner', 'homeSide')),
	CONSTRAINT "advert_dates_ck" CHECK ("advert"."end_date" >= "advert"."start_date")
);
--> statement-breakpoint
CREATE TABLE "home_module" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "home_module_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" varchar(20) NOT NULL,
	"icon" varchar(40) NOT NULL,
	"link" varchar(300) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_module_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "home_module_id_uq" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "article" ADD COLUMN "cover_file_id" uuid;--> statement-breakpoint
ALTER TABLE "advert" ADD CONSTRAINT "advert_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advert" ADD CONSTRAINT "advert_image_file_fk" FOREIGN KEY ("company_id","image_file_id") REFERENCES "public"."stored_file"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_module" ADD CONSTRAINT "home_module_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advert_company_sort_idx" ON "advert" USING btree ("company_id","sort","id");--> statement-breakpoint
CREATE INDEX "advert_image_file_idx" ON "advert" USING btree ("company_id","image_file_id");--> statement-breakpoint
CREATE INDEX "home_module_company_sort_idx" ON "home_module" USING btree ("company_id","sort","id");--> statement-breakpoint
ALTER TABLE "article" ADD CONSTRAINT "article_cover_file_fk" FOREIGN KEY ("company_id","cover_file_id") REFERENCES "public"."stored_file"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_cover_file_idx" ON "article" USING btree ("company_id","cover_file_id");