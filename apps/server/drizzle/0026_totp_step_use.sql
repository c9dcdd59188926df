CREATE TABLE "totp_step_use" (
	"admin_id" bigint NOT NULL,
	"purpose" varchar(20) NOT NULL,
	"step" bigint NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "totp_step_use_pk" PRIMARY KEY("admin_id","purpose")
);
--> statement-breakpoint
ALTER TABLE "totp_step_use" ADD CONSTRAINT "totp_step_use_admin_id_admin_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin"("id") ON DELETE cascade ON UPDATE no action;