CREATE TABLE "company" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"credit_code" varchar(18) NOT NULL,
	"contact_name" varchar(50) DEFAULT '' NOT NULL,
	"contact_phone" varchar(20) DEFAULT '' NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'normal' NOT NULL,
	"branding" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_credit_code_unique" UNIQUE("credit_code"),
	CONSTRAINT "company_status_ck" CHECK ("company"."status" in ('normal', 'frozen'))
);
--> statement-breakpoint
CREATE TABLE "company_service_company" (
	"company_id" bigint NOT NULL,
	"service_company_id" bigint NOT NULL,
	"fee_rate_bp" integer NOT NULL,
	"fee_bearer" varchar(10) DEFAULT 'company' NOT NULL,
	"monthly_limit_fen" bigint DEFAULT 9800000 NOT NULL,
	"single_min_fen" bigint DEFAULT 1 NOT NULL,
	"single_max_fen" bigint DEFAULT 9800000 NOT NULL,
	"invoice_type" varchar(10) DEFAULT 'normal' NOT NULL,
	"invoice_contents" text[] DEFAULT '{}'::text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_service_company_company_id_service_company_id_pk" PRIMARY KEY("company_id","service_company_id"),
	CONSTRAINT "csc_fee_rate_ck" CHECK ("company_service_company"."fee_rate_bp" between 0 and 10000),
	CONSTRAINT "csc_fee_bearer_ck" CHECK ("company_service_company"."fee_bearer" in ('company', 'worker'))
);
--> statement-breakpoint
CREATE TABLE "service_company" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_company_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" varchar(100) NOT NULL,
	"credit_code" varchar(18) NOT NULL,
	"status" varchar(10) DEFAULT 'normal' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_company_credit_code_unique" UNIQUE("credit_code")
);
--> statement-breakpoint
CREATE TABLE "admin" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"username" varchar(32) NOT NULL,
	"password_hash" varchar(200) NOT NULL,
	"name" varchar(50) NOT NULL,
	"mobile" varchar(11) DEFAULT '' NOT NULL,
	"email" varchar(100) DEFAULT '' NOT NULL,
	"avatar" varchar(500) DEFAULT '' NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'enabled' NOT NULL,
	"verify_method" varchar(10) DEFAULT 'password' NOT NULL,
	"totp_secret" varchar(300),
	"is_owner" boolean DEFAULT false NOT NULL,
	"link_group" uuid DEFAULT gen_random_uuid() NOT NULL,
	"last_login_at" timestamp with time zone,
	"last_login_ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_username_unique" UNIQUE("username"),
	CONSTRAINT "admin_status_ck" CHECK ("admin"."status" in ('enabled', 'disabled')),
	CONSTRAINT "admin_verify_method_ck" CHECK ("admin"."verify_method" in ('password', 'sms', 'totp'))
);
--> statement-breakpoint
ALTER TABLE "company_service_company" ADD CONSTRAINT "company_service_company_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_service_company" ADD CONSTRAINT "company_service_company_service_company_id_service_company_id_fk" FOREIGN KEY ("service_company_id") REFERENCES "public"."service_company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin" ADD CONSTRAINT "admin_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "csc_service_company_idx" ON "company_service_company" USING btree ("service_company_id");--> statement-breakpoint
CREATE INDEX "admin_company_idx" ON "admin" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "admin_link_group_idx" ON "admin" USING btree ("link_group");