CREATE TABLE "approval_action" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_action_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" bigint NOT NULL,
	"step" integer NOT NULL,
	"admin_id" bigint NOT NULL,
	"decision" varchar(10) NOT NULL,
	"comment" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_action_once_uq" UNIQUE("request_id","step","admin_id")
);
--> statement-breakpoint
CREATE TABLE "approval_flow" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_flow_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"type" varchar(20) NOT NULL,
	"threshold_fen" bigint DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"steps" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_flow_company_type_uq" UNIQUE("company_id","type")
);
--> statement-breakpoint
CREATE TABLE "approval_request" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_request_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"type" varchar(20) NOT NULL,
	"subject_kind" varchar(30) NOT NULL,
	"subject_id" varchar(60) NOT NULL,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"amount_fen" bigint NOT NULL,
	"creator_admin_id" bigint NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"current_step" integer DEFAULT 1 NOT NULL,
	"steps" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "approval_request_status_ck" CHECK ("approval_request"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "approval_action" ADD CONSTRAINT "approval_action_request_id_approval_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_request"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_action" ADD CONSTRAINT "approval_action_admin_id_admin_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_flow" ADD CONSTRAINT "approval_flow_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_request" ADD CONSTRAINT "approval_request_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_request" ADD CONSTRAINT "approval_request_creator_admin_id_admin_id_fk" FOREIGN KEY ("creator_admin_id") REFERENCES "public"."admin"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_request_company_idx" ON "approval_request" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_request_open_subject_uq" ON "approval_request" USING btree ("company_id","subject_kind","subject_id") WHERE "approval_request"."status" = 'pending';