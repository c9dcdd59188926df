CREATE TABLE "department_closure" (
	"company_id" bigint NOT NULL,
	"ancestor_id" bigint NOT NULL,
	"descendant_id" bigint NOT NULL,
	"depth" integer NOT NULL,
	CONSTRAINT "department_closure_company_id_ancestor_id_descendant_id_pk" PRIMARY KEY("company_id","ancestor_id","descendant_id")
);
--> statement-breakpoint
ALTER TABLE "department" ADD COLUMN "leader_admin_id" bigint;--> statement-breakpoint
ALTER TABLE "department" ADD COLUMN "leader_worker_id" bigint;--> statement-breakpoint
ALTER TABLE "department_closure" ADD CONSTRAINT "department_closure_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_closure" ADD CONSTRAINT "department_closure_company_id_ancestor_id_department_company_id_id_fk" FOREIGN KEY ("company_id","ancestor_id") REFERENCES "public"."department"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_closure" ADD CONSTRAINT "department_closure_company_id_descendant_id_department_company_id_id_fk" FOREIGN KEY ("company_id","descendant_id") REFERENCES "public"."department"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "department_closure_descendant_idx" ON "department_closure" USING btree ("company_id","descendant_id","depth");--> statement-breakpoint
ALTER TABLE "department" ADD CONSTRAINT "department_leader_admin_fk" FOREIGN KEY ("company_id","leader_admin_id") REFERENCES "public"."admin"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department" ADD CONSTRAINT "department_leader_worker_fk" FOREIGN KEY ("company_id","leader_worker_id") REFERENCES "public"."worker"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "department_parent_idx" ON "department" USING btree ("company_id","parent_id","sort","id");--> statement-breakpoint
CREATE INDEX "department_leader_admin_idx" ON "department" USING btree ("company_id","leader_admin_id") WHERE "department"."leader_admin_id" is not null;--> statement-breakpoint
CREATE INDEX "department_leader_worker_idx" ON "department" USING btree ("company_id","leader_worker_id") WHERE "department"."leader_worker_id" is not null;--> statement-breakpoint
CREATE INDEX "payroll_item_paid_idx" ON "payroll_item" USING btree ("company_id","paid_at","worker_id","amount_fen") WHERE "payroll_item"."pay_status" = 'paid';--> statement-breakpoint
ALTER TABLE "department" DROP COLUMN "leader_name";--> statement-breakpoint
ALTER TABLE "department" ADD CONSTRAINT "department_one_leader_ck" CHECK ("department"."leader_admin_id" is null or "department"."leader_worker_id" is null);--> statement-breakpoint
-- The closure of the departments that exist already: every department and each of its ancestors.
WITH RECURSIVE up(company_id, ancestor_id, descendant_id, depth) AS (
  SELECT company_id, id, id, 0 FROM department
  UNION ALL
  SELECT up.company_id, d.parent_id, up.descendant_id, up.depth + 1
  FROM up JOIN department d ON d.company_id = up.company_id AND d.id = up.ancestor_id
  WHERE d.parent_id IS NOT NULL
)
INSERT INTO department_closure (company_id, ancestor_id, descendant_id, depth)
SELECT company_id, ancestor_id, descendant_id, depth FROM up;
