CREATE TABLE "task_event" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "task_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"action" varchar(20) NOT NULL,
	"admin_id" bigint NOT NULL,
	"worker_id" bigint,
	"round" integer,
	"amount_fen" bigint,
	"count" integer,
	"note" varchar(200),
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "task_event_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "task_event" ADD CONSTRAINT "task_event_task_fk" FOREIGN KEY ("company_id","task_id") REFERENCES "public"."task_order"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_event" ADD CONSTRAINT "task_event_admin_fk" FOREIGN KEY ("company_id","admin_id") REFERENCES "public"."admin"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_event" ADD CONSTRAINT "task_event_worker_fk" FOREIGN KEY ("company_id","worker_id") REFERENCES "public"."worker"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_event_task_idx" ON "task_event" USING btree ("company_id","task_id","created_at","id");--> statement-breakpoint
CREATE INDEX "task_event_worker_idx" ON "task_event" USING btree ("company_id","worker_id") WHERE "task_event"."worker_id" is not null;--> statement-breakpoint
CREATE INDEX "task_event_admin_idx" ON "task_event" USING btree ("company_id","admin_id");