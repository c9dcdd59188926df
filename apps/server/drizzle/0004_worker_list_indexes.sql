DROP INDEX "worker_created_idx";--> statement-breakpoint
DROP INDEX "worker_job_type_idx";--> statement-breakpoint
DROP INDEX "worker_department_idx";--> statement-breakpoint
DROP INDEX "worker_status_idx";--> statement-breakpoint
CREATE INDEX "worker_created_idx" ON "worker" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "worker_job_type_idx" ON "worker" USING btree ("company_id","job_type_id","created_at","id");--> statement-breakpoint
CREATE INDEX "worker_department_idx" ON "worker" USING btree ("company_id","department_id","created_at","id");--> statement-breakpoint
CREATE INDEX "worker_status_idx" ON "worker" USING btree ("company_id","status","created_at","id");