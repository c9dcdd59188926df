-- Citus-ready keys (issue 29, ADR 0020): tenant tables keyed by (company_id, id); no unique index
-- on id alone. Ordered by hand (drizzle-kit cannot name the old primary keys): the composite
-- foreign keys that referred to the (company_id, id) uniques are dropped first and added back,
-- unchanged, on the new primary keys. Existing rows need no backfill: id was unique, so
-- (company_id, id) is, and the join tables already held company_id.
ALTER TABLE "invoice_application_batch" DROP CONSTRAINT "invoice_application_batch_application_fk";
--> statement-breakpoint
ALTER TABLE "invoice_application" DROP CONSTRAINT "invoice_application_info_fk";
--> statement-breakpoint
ALTER TABLE "payroll_item" DROP CONSTRAINT "payroll_item_batch_fk";
--> statement-breakpoint
ALTER TABLE "task_payment" DROP CONSTRAINT "task_payment_batch_fk";
--> statement-breakpoint
ALTER TABLE "invoice_application_batch" DROP CONSTRAINT "invoice_application_batch_batch_fk";
--> statement-breakpoint
ALTER TABLE "admin_role" DROP CONSTRAINT "admin_role_company_id_role_id_role_company_id_id_fk";
--> statement-breakpoint
ALTER TABLE "task_delivery" DROP CONSTRAINT "task_delivery_assignment_fk";
--> statement-breakpoint
ALTER TABLE "task_payment" DROP CONSTRAINT "task_payment_assignment_fk";
--> statement-breakpoint
ALTER TABLE "task_delivery_file" DROP CONSTRAINT "task_delivery_file_delivery_fk";
--> statement-breakpoint
ALTER TABLE "task_assignment" DROP CONSTRAINT "task_assignment_task_fk";
--> statement-breakpoint
ALTER TABLE "task_attachment" DROP CONSTRAINT "task_attachment_task_fk";
--> statement-breakpoint
ALTER TABLE "task_assignment_count" DROP CONSTRAINT "task_assignment_count_task_fk";
--> statement-breakpoint
ALTER TABLE "role" DROP CONSTRAINT "role_company_id_uq";
--> statement-breakpoint
ALTER TABLE "department" DROP CONSTRAINT "department_id_uq";
--> statement-breakpoint
ALTER TABLE "job_type" DROP CONSTRAINT "job_type_id_uq";
--> statement-breakpoint
ALTER TABLE "payroll_batch" DROP CONSTRAINT "payroll_batch_company_id_uq";
--> statement-breakpoint
ALTER TABLE "task_assignment" DROP CONSTRAINT "task_assignment_company_id_uq";
--> statement-breakpoint
ALTER TABLE "task_delivery" DROP CONSTRAINT "task_delivery_company_id_uq";
--> statement-breakpoint
ALTER TABLE "task_order" DROP CONSTRAINT "task_order_company_id_uq";
--> statement-breakpoint
ALTER TABLE "advert" DROP CONSTRAINT "advert_id_uq";
--> statement-breakpoint
ALTER TABLE "article" DROP CONSTRAINT "article_id_uq";
--> statement-breakpoint
ALTER TABLE "home_module" DROP CONSTRAINT "home_module_id_uq";
--> statement-breakpoint
ALTER TABLE "invoice_application" DROP CONSTRAINT "invoice_application_company_id_uq";
--> statement-breakpoint
ALTER TABLE "invoice_info" DROP CONSTRAINT "invoice_info_company_id_uq";
--> statement-breakpoint
ALTER TABLE "company_contract" DROP CONSTRAINT "company_contract_company_id_uq";
--> statement-breakpoint
DROP INDEX "payment_account_company_idx";
--> statement-breakpoint
DROP INDEX "invoice_info_company_idx";
--> statement-breakpoint
ALTER TABLE "role" DROP CONSTRAINT "role_pkey";
--> statement-breakpoint
ALTER TABLE "session" DROP CONSTRAINT "session_pkey";
--> statement-breakpoint
ALTER TABLE "payment_account" DROP CONSTRAINT "payment_account_pkey";
--> statement-breakpoint
ALTER TABLE "approval_flow" DROP CONSTRAINT "approval_flow_pkey";
--> statement-breakpoint
ALTER TABLE "payroll_batch" DROP CONSTRAINT "payroll_batch_pkey";
--> statement-breakpoint
ALTER TABLE "task_assignment" DROP CONSTRAINT "task_assignment_pkey";
--> statement-breakpoint
ALTER TABLE "task_delivery" DROP CONSTRAINT "task_delivery_pkey";
--> statement-breakpoint
ALTER TABLE "task_order" DROP CONSTRAINT "task_order_pkey";
--> statement-breakpoint
ALTER TABLE "invoice_application" DROP CONSTRAINT "invoice_application_pkey";
--> statement-breakpoint
ALTER TABLE "invoice_info" DROP CONSTRAINT "invoice_info_pkey";
--> statement-breakpoint
ALTER TABLE "company_contract" DROP CONSTRAINT "company_contract_pkey";
--> statement-breakpoint
ALTER TABLE "task_attachment" DROP CONSTRAINT "task_attachment_task_id_file_id_pk";
--> statement-breakpoint
ALTER TABLE "task_delivery_file" DROP CONSTRAINT "task_delivery_file_delivery_id_file_id_pk";
--> statement-breakpoint
ALTER TABLE "invoice_application_batch" DROP CONSTRAINT "invoice_application_batch_application_id_batch_id_pk";
--> statement-breakpoint
ALTER TABLE "role" ADD CONSTRAINT "role_pkey" PRIMARY KEY("company_id","id");
--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_pkey" PRIMARY KEY("company_id","id");
--> statement-breakpoint
ALTER TABLE "payment_account" ADD CONSTRAINT "payment_account_pkey" PRIMARY KEY("company_id","id");
--> statement-breakpoint
ALTER TABLE "approval_flow" ADD CONSTRAINT "approval_flow_pkey" PRIMARY KEY("company_id","id");
--> statement-breakpoint
ALTER TABLE "payroll_batch" ADD CONSTRAINT "payroll_batch_pkey" PRIMARY KEY("company_id","id");
--> statement-breakpoint
ALTER TABLE "task_assignment" ADD CONSTRAINT "task_assignment_pkey" PRIMARY KEY("company_id","id");
--> statement-breakpoint
ALTER TABLE "task_delivery" ADD CONSTRAINT "task_delivery_pkey" PRIMARY KEY("company_id","id");
--> statement-breakpoint
ALTER TABLE "task_order" ADD CONSTRAINT "task_order_pkey" PRIMARY KEY("company_id","id");
--> statement-breakpoint
ALTER TABLE "invoice_application" ADD CONSTRAINT "invoice_application_pkey" PRIMARY KEY("company_id","id");
--> statement-breakpoint
ALTER TABLE "invoice_info" ADD CONSTRAINT "invoice_info_pkey" PRIMARY KEY("company_id","id");
--> statement-breakpoint
ALTER TABLE "company_contract" ADD CONSTRAINT "company_contract_pkey" PRIMARY KEY("company_id","id");
--> statement-breakpoint
ALTER TABLE "task_attachment" ADD CONSTRAINT "task_attachment_pkey" PRIMARY KEY("company_id","task_id","file_id");
--> statement-breakpoint
ALTER TABLE "task_delivery_file" ADD CONSTRAINT "task_delivery_file_pkey" PRIMARY KEY("company_id","delivery_id","file_id");
--> statement-breakpoint
ALTER TABLE "invoice_application_batch" ADD CONSTRAINT "invoice_application_batch_pkey" PRIMARY KEY("company_id","application_id","batch_id");
--> statement-breakpoint
ALTER TABLE "invoice_application_batch" ADD CONSTRAINT "invoice_application_batch_application_fk" FOREIGN KEY (company_id, application_id) REFERENCES invoice_application(company_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "invoice_application" ADD CONSTRAINT "invoice_application_info_fk" FOREIGN KEY (company_id, info_id) REFERENCES invoice_info(company_id, id);
--> statement-breakpoint
ALTER TABLE "payroll_item" ADD CONSTRAINT "payroll_item_batch_fk" FOREIGN KEY (company_id, batch_id) REFERENCES payroll_batch(company_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "task_payment" ADD CONSTRAINT "task_payment_batch_fk" FOREIGN KEY (company_id, batch_id) REFERENCES payroll_batch(company_id, id);
--> statement-breakpoint
ALTER TABLE "invoice_application_batch" ADD CONSTRAINT "invoice_application_batch_batch_fk" FOREIGN KEY (company_id, batch_id) REFERENCES payroll_batch(company_id, id);
--> statement-breakpoint
ALTER TABLE "admin_role" ADD CONSTRAINT "admin_role_company_id_role_id_role_company_id_id_fk" FOREIGN KEY (company_id, role_id) REFERENCES role(company_id, id);
--> statement-breakpoint
ALTER TABLE "task_delivery" ADD CONSTRAINT "task_delivery_assignment_fk" FOREIGN KEY (company_id, assignment_id) REFERENCES task_assignment(company_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "task_payment" ADD CONSTRAINT "task_payment_assignment_fk" FOREIGN KEY (company_id, assignment_id) REFERENCES task_assignment(company_id, id);
--> statement-breakpoint
ALTER TABLE "task_delivery_file" ADD CONSTRAINT "task_delivery_file_delivery_fk" FOREIGN KEY (company_id, delivery_id) REFERENCES task_delivery(company_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "task_assignment" ADD CONSTRAINT "task_assignment_task_fk" FOREIGN KEY (company_id, task_id) REFERENCES task_order(company_id, id);
--> statement-breakpoint
ALTER TABLE "task_attachment" ADD CONSTRAINT "task_attachment_task_fk" FOREIGN KEY (company_id, task_id) REFERENCES task_order(company_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "task_assignment_count" ADD CONSTRAINT "task_assignment_count_task_fk" FOREIGN KEY (company_id, task_id) REFERENCES task_order(company_id, id) ON DELETE CASCADE;
--> statement-breakpoint
CREATE INDEX "session_id_idx" ON "session" USING btree ("id");
--> statement-breakpoint
CREATE INDEX "payroll_batch_id_idx" ON "payroll_batch" USING btree ("id");
--> statement-breakpoint
CREATE INDEX "task_order_id_idx" ON "task_order" USING btree ("id");
--> statement-breakpoint
CREATE INDEX "invoice_application_id_idx" ON "invoice_application" USING btree ("id");
--> statement-breakpoint
CREATE INDEX "company_contract_id_idx" ON "company_contract" USING btree ("id");
--> statement-breakpoint
-- Citus-ready keys (issue 29, ADR 0020): approval_request keyed by (company_id, id); approval_action
-- gains company_id (back-filled from its request) and refers to its request and admin by
-- (company_id, x). Ordered by hand: the keys that depend on the old uniques go first.
ALTER TABLE "approval_action" ADD COLUMN "company_id" bigint;
--> statement-breakpoint
UPDATE "approval_action" a SET "company_id" = r."company_id" FROM "approval_request" r WHERE r."id" = a."request_id";
--> statement-breakpoint
ALTER TABLE "approval_action" ALTER COLUMN "company_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "approval_action" DROP CONSTRAINT "approval_action_request_id_approval_request_id_fk";
--> statement-breakpoint
ALTER TABLE "approval_action" DROP CONSTRAINT "approval_action_admin_id_admin_id_fk";
--> statement-breakpoint
ALTER TABLE "payroll_batch" DROP CONSTRAINT "payroll_batch_approval_fk";
--> statement-breakpoint
ALTER TABLE "approval_action" DROP CONSTRAINT "approval_action_once_uq";
--> statement-breakpoint
ALTER TABLE "approval_request" DROP CONSTRAINT "approval_request_company_id_uq";
--> statement-breakpoint
ALTER TABLE "approval_request" DROP CONSTRAINT "approval_request_pkey";
--> statement-breakpoint
ALTER TABLE "approval_action" DROP CONSTRAINT "approval_action_pkey";
--> statement-breakpoint
ALTER TABLE "approval_request" ADD CONSTRAINT "approval_request_pkey" PRIMARY KEY("company_id","id");
--> statement-breakpoint
ALTER TABLE "approval_action" ADD CONSTRAINT "approval_action_pkey" PRIMARY KEY("company_id","id");
--> statement-breakpoint
ALTER TABLE "approval_action" ADD CONSTRAINT "approval_action_once_uq" UNIQUE("company_id","request_id","step","admin_id");
--> statement-breakpoint
ALTER TABLE "approval_action" ADD CONSTRAINT "approval_action_request_fk" FOREIGN KEY ("company_id","request_id") REFERENCES "public"."approval_request"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "approval_action" ADD CONSTRAINT "approval_action_admin_fk" FOREIGN KEY ("company_id","admin_id") REFERENCES "public"."admin"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payroll_batch" ADD CONSTRAINT "payroll_batch_approval_fk" FOREIGN KEY ("company_id","approval_request_id") REFERENCES "public"."approval_request"("company_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Citus-ready keys (issue 29, ADR 0020): totp_step_use gains company_id, back-filled from its
-- admin, keyed by (company_id, admin_id, purpose), its key to the admin by (company_id, admin_id).
ALTER TABLE "totp_step_use" ADD COLUMN "company_id" bigint;
--> statement-breakpoint
UPDATE "totp_step_use" u SET "company_id" = a."company_id" FROM "admin" a WHERE a."id" = u."admin_id";
--> statement-breakpoint
ALTER TABLE "totp_step_use" ALTER COLUMN "company_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "totp_step_use" DROP CONSTRAINT "totp_step_use_admin_id_admin_id_fk";
--> statement-breakpoint
ALTER TABLE "totp_step_use" DROP CONSTRAINT "totp_step_use_pk";
--> statement-breakpoint
ALTER TABLE "totp_step_use" ADD CONSTRAINT "totp_step_use_pk" PRIMARY KEY("company_id","admin_id","purpose");
--> statement-breakpoint
ALTER TABLE "totp_step_use" ADD CONSTRAINT "totp_step_use_admin_fk" FOREIGN KEY ("company_id","admin_id") REFERENCES "public"."admin"("company_id","id") ON DELETE cascade ON UPDATE no action;
