CREATE TABLE "task_assignment" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_assignment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"worker_id" bigint NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"agreed_fen" bigint NOT NULL,
	"payable_fen" bigint,
	"assigned_by" bigint NOT NULL,
	"answered_at" timestamp with time zone,
	"passed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_assignment_company_id_uq" UNIQUE("company_id","id"),
	CONSTRAINT "task_assignment_worker_uq" UNIQUE("company_id","task_id","worker_id"),
	CONSTRAINT "task_assignment_status_ck" CHECK ("task_assignment"."status" in ('pending', 'accepted', 'submitted', 'passed', 'rejected')),
	CONSTRAINT "task_assignment_agreed_ck" CHECK ("task_assignment"."agreed_fen" > 0 and "task_assignment"."agreed_fen" <= 10000000000),
	CONSTRAINT "task_assignment_payable_ck" CHECK (("task_assignment"."status" = 'passed') = ("task_assignment"."payable_fen" is not null) and ("task_assignment"."payable_fen" is null or ("task_assignment"."payable_fen" > 0 and "task_assignment"."payable_fen" <= 10000000000)))
);
--> statement-breakpoint
CREATE TABLE "task_attachment" (
	"company_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"file_id" uuid NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "task_attachment_task_id_file_id_pk" PRIMARY KEY("task_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "task_delivery" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_delivery_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"assignment_id" bigint NOT NULL,
	"round" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"quantity_centi" integer,
	"status" varchar(10) DEFAULT 'reviewing' NOT NULL,
	"reject_reason" varchar(200),
	"passed_fen" bigint,
	"submitted_by" bigint NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "task_delivery_company_id_uq" UNIQUE("company_id","id"),
	CONSTRAINT "task_delivery_round_uq" UNIQUE("company_id","assignment_id","round"),
	CONSTRAINT "task_delivery_status_ck" CHECK ("task_delivery"."status" in ('reviewing', 'passed', 'rejected')),
	CONSTRAINT "task_delivery_round_ck" CHECK ("task_delivery"."round" > 0 and ("task_delivery"."quantity_centi" is null or "task_delivery"."quantity_centi" > 0)),
	CONSTRAINT "task_delivery_reject_ck" CHECK (("task_delivery"."status" = 'rejected') = ("task_delivery"."reject_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "task_delivery_file" (
	"company_id" bigint NOT NULL,
	"delivery_id" bigint NOT NULL,
	"file_id" uuid NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "task_delivery_file_delivery_id_file_id_pk" PRIMARY KEY("delivery_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "task_order" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_order_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"title" varchar(50) NOT NULL,
	"job_type_id" bigint,
	"service_company_id" bigint NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location" varchar(100) DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"headcount" integer NOT NULL,
	"settlement" varchar(10) NOT NULL,
	"unit_price_fen" bigint NOT NULL,
	"planned_quantity_centi" integer DEFAULT 100 NOT NULL,
	"budget_fen" bigint,
	"status" varchar(12) DEFAULT 'draft' NOT NULL,
	"cancel_reason" varchar(200),
	"created_by" bigint NOT NULL,
	"published_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_order_company_id_uq" UNIQUE("company_id","id"),
	CONSTRAINT "task_order_status_ck" CHECK ("task_order"."status" in ('draft', 'published', 'in_progress', 'accepting', 'completed', 'cancelled')),
	CONSTRAINT "task_order_settlement_ck" CHECK ("task_order"."settlement" in ('piece', 'hour', 'fixed')),
	CONSTRAINT "task_order_amounts_ck" CHECK ("task_order"."unit_price_fen" > 0 and ("task_order"."budget_fen" is null or "task_order"."budget_fen" > 0)),
	CONSTRAINT "task_order_headcount_ck" CHECK ("task_order"."headcount" > 0 and "task_order"."planned_quantity_centi" > 0),
	CONSTRAINT "task_order_dates_ck" CHECK ("task_order"."end_date" >= "task_order"."start_date")
);
--> statement-breakpoint
CREATE TABLE "task_payment" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_payment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"assignment_id" bigint NOT NULL,
	"batch_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_payment_batch_assignment_uq" UNIQUE("company_id","assignment_id","batch_id"),
	CONSTRAINT "task_payment_amount_ck" CHECK ("task_payment"."amount_fen" > 0)
);
--> statement-breakpoint
ALTER TABLE "task_assignment" ADD CONSTRAINT "task_assignment_task_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."task_order"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_assignment" ADD CONSTRAINT "task_assignment_worker_fk" FOREIGN KEY ("company_id","worker_id") REFERENCES "public"."worker"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_assignment" ADD CONSTRAINT "task_assignment_assigned_by_fk" FOREIGN KEY ("company_id","assigned_by") REFERENCES "public"."admin"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_attachment" ADD CONSTRAINT "task_attachment_task_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."task_order"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_attachment" ADD CONSTRAINT "task_attachment_file_fk" FOREIGN KEY ("company_id","file_id") REFERENCES "public"."stored_file"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_delivery" ADD CONSTRAINT "task_delivery_assignment_fk" FOREIGN KEY ("company_id","assignment_id") REFERENCES "public"."task_assignment"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_delivery" ADD CONSTRAINT "task_delivery_submitted_by_fk" FOREIGN KEY ("company_id","submitted_by") REFERENCES "public"."admin"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_delivery" ADD CONSTRAINT "task_delivery_reviewed_by_fk" FOREIGN KEY ("company_id","reviewed_by") REFERENCES "public"."admin"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_delivery_file" ADD CONSTRAINT "task_delivery_file_delivery_fk" FOREIGN KEY ("company_id","delivery_id") REFERENCES "public"."task_delivery"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_delivery_file" ADD CONSTRAINT "task_delivery_file_file_fk" FOREIGN KEY ("company_id","file_id") REFERENCES "public"."stored_file"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_order" ADD CONSTRAINT "task_order_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_order" ADD CONSTRAINT "task_order_job_type_fk" FOREIGN KEY ("company_id","job_type_id") REFERENCES "public"."job_type"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_order" ADD CONSTRAINT "task_order_service_company_fk" FOREIGN KEY ("company_id","service_company_id") REFERENCES "public"."company_service_company"("company_id","service_company_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_order" ADD CONSTRAINT "task_order_created_by_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."admin"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_payment" ADD CONSTRAINT "task_payment_item_id_payroll_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."payroll_item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_payment" ADD CONSTRAINT "task_payment_assignment_fk" FOREIGN KEY ("company_id","assignment_id") REFERENCES "public"."task_assignment"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_payment" ADD CONSTRAINT "task_payment_batch_fk" FOREIGN KEY ("company_id","batch_id") REFERENCES "public"."payroll_batch"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_payment" ADD CONSTRAINT "task_payment_created_by_fk" FOREIGN KEY ("company_id","created_by") REFERENCES "public"."admin"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_assignment_task_idx" ON "task_assignment" USING btree ("company_id","task_id","id");--> statement-breakpoint
CREATE INDEX "task_assignment_task_status_idx" ON "task_assignment" USING btree ("company_id","task_id","status","id");--> statement-breakpoint
CREATE INDEX "task_assignment_worker_idx" ON "task_assignment" USING btree ("company_id","worker_id");--> statement-breakpoint
CREATE INDEX "task_assignment_queue_idx" ON "task_assignment" USING btree ("company_id","status","id") WHERE "task_assignment"."status" in ('pending', 'submitted');--> statement-breakpoint
CREATE INDEX "task_assignment_passed_idx" ON "task_assignment" USING btree ("company_id","passed_at","id") WHERE "task_assignment"."status" = 'passed';--> statement-breakpoint
CREATE INDEX "task_attachment_file_idx" ON "task_attachment" USING btree ("company_id","file_id");--> statement-breakpoint
CREATE INDEX "task_delivery_file_file_idx" ON "task_delivery_file" USING btree ("company_id","file_id");--> statement-breakpoint
CREATE INDEX "task_order_company_idx" ON "task_order" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "task_order_status_idx" ON "task_order" USING btree ("company_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "task_order_job_type_idx" ON "task_order" USING btree ("company_id","job_type_id") WHERE "task_order"."job_type_id" is not null;--> statement-breakpoint
CREATE INDEX "task_payment_batch_idx" ON "task_payment" USING btree ("company_id","batch_id");--> statement-breakpoint
CREATE INDEX "task_payment_item_idx" ON "task_payment" USING btree ("item_id");