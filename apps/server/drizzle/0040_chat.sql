CREATE TABLE "chat_conversation" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "chat_conversation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"assigned_operator_id" bigint,
	"last_message_id" bigint DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"company_read_id" bigint DEFAULT 0 NOT NULL,
	"operator_read_id" bigint DEFAULT 0 NOT NULL,
	"company_delivered_id" bigint DEFAULT 0 NOT NULL,
	"operator_delivered_id" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_conversation_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "chat_conversation_company_uq" UNIQUE("company_id"),
	CONSTRAINT "chat_conversation_status_ck" CHECK ("chat_conversation"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "chat_message" (
	"company_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "chat_message_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" bigint NOT NULL,
	"side" varchar(10) NOT NULL,
	"sender_id" bigint NOT NULL,
	"kind" varchar(10) NOT NULL,
	"text" varchar(2000) DEFAULT '' NOT NULL,
	"file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_message_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "chat_message_side_ck" CHECK ("chat_message"."side" in ('company', 'operator')),
	CONSTRAINT "chat_message_kind_ck" CHECK ("chat_message"."kind" in ('text', 'image')),
	CONSTRAINT "chat_message_image_ck" CHECK ("chat_message"."kind" <> 'image' or "chat_message"."file_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "chat_quick_reply" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_quick_reply_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"text" varchar(500) NOT NULL,
	"operator_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "customer_service_message" CASCADE;--> statement-breakpoint
ALTER TABLE "chat_conversation" ADD CONSTRAINT "chat_conversation_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversation" ADD CONSTRAINT "chat_conversation_assigned_operator_id_operator_id_fk" FOREIGN KEY ("assigned_operator_id") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_conversation_fk" FOREIGN KEY ("company_id","conversation_id") REFERENCES "public"."chat_conversation"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message" ADD CONSTRAINT "chat_message_file_fk" FOREIGN KEY ("company_id","file_id") REFERENCES "public"."stored_file"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_quick_reply" ADD CONSTRAINT "chat_quick_reply_operator_id_operator_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_conversation_last_idx" ON "chat_conversation" USING btree ("last_message_at","id");--> statement-breakpoint
CREATE INDEX "chat_conversation_operator_idx" ON "chat_conversation" USING btree ("assigned_operator_id");--> statement-breakpoint
CREATE INDEX "chat_message_conversation_idx" ON "chat_message" USING btree ("company_id","conversation_id","id");--> statement-breakpoint
CREATE INDEX "chat_message_file_idx" ON "chat_message" USING btree ("company_id","file_id");--> statement-breakpoint
CREATE INDEX "chat_message_id_idx" ON "chat_message" USING btree ("id");