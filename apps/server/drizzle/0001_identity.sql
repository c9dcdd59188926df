CREATE TABLE "admin_role" (
	"company_id" bigint NOT NULL,
	"admin_id" bigint NOT NULL,
	"role_id" bigint NOT NULL,
	CONSTRAINT "admin_role_company_id_admin_id_role_id_pk" PRIMARY KEY("company_id","admin_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "login_attempt" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_attempt_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"username" varchar(64) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"success" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "role_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"name" varchar(30) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"is_owner_role" boolean DEFAULT false NOT NULL,
	"menu_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"element_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_company_name_uq" UNIQUE("company_id","name"),
	CONSTRAINT "role_company_id_uq" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" bigint NOT NULL,
	"admin_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" varchar(20),
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(300) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mobile" varchar(11) NOT NULL,
	"content" varchar(500) NOT NULL,
	"purpose" varchar(20) NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" varchar(20) NOT NULL,
	"channel" varchar(10) NOT NULL,
	"admin_id" bigint,
	"mobile" varchar(11),
	"code_hash" varchar(100),
	"secret" varchar(300),
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint,
	"admin_id" bigint,
	"username" varchar(64),
	"action" varchar(60) NOT NULL,
	"target" varchar(100) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"result" varchar(10) NOT NULL,
	"status" integer NOT NULL,
	"message" varchar(300) DEFAULT '' NOT NULL,
	"request_id" varchar(64) DEFAULT '' NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_role" ADD CONSTRAINT "admin_role_admin_id_admin_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_role" ADD CONSTRAINT "admin_role_company_id_role_id_role_company_id_id_fk" FOREIGN KEY ("company_id","role_id") REFERENCES "public"."role"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role" ADD CONSTRAINT "role_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_admin_id_admin_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification" ADD CONSTRAINT "verification_admin_id_admin_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_role_role_idx" ON "admin_role" USING btree ("company_id","role_id");--> statement-breakpoint
CREATE INDEX "login_attempt_username_idx" ON "login_attempt" USING btree ("username","created_at");--> statement-breakpoint
CREATE INDEX "login_attempt_ip_idx" ON "login_attempt" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "session_admin_idx" ON "session" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "sms_outbox_mobile_idx" ON "sms_outbox" USING btree ("mobile","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_ip_idx" ON "sms_outbox" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "verification_admin_idx" ON "verification" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "audit_log_company_idx" ON "audit_log" USING btree ("company_id","created_at");