-- 网关日志's indexes of rare values (a realm other than company, an operator, a status of 300 or
-- more, a code other than 200, a latency of 20 ms or more) end with the id (ADR 0028): a page of
-- such rows is chosen and counted from the index alone, and only the page's rows are read from
-- the table (a week's 5xx were each read from a heap page of their own to be sorted).
DROP INDEX "access_log_operator_idx";--> statement-breakpoint
DROP INDEX "access_log_realm_idx";--> statement-breakpoint
DROP INDEX "access_log_status_idx";--> statement-breakpoint
DROP INDEX "access_log_code_idx";--> statement-breakpoint
DROP INDEX "access_log_latency_idx";--> statement-breakpoint
CREATE INDEX "access_log_operator_idx" ON "access_log" USING btree ("operator_id","at","id") WHERE "access_log"."operator_id" is not null;--> statement-breakpoint
CREATE INDEX "access_log_realm_idx" ON "access_log" USING btree ("realm","at","id") WHERE "access_log"."realm" <> 'company';--> statement-breakpoint
CREATE INDEX "access_log_status_idx" ON "access_log" USING btree ("status","at","id") WHERE "access_log"."status" >= 300;--> statement-breakpoint
CREATE INDEX "access_log_code_idx" ON "access_log" USING btree ("code","at","id") WHERE "access_log"."code" <> 200;--> statement-breakpoint
CREATE INDEX "access_log_latency_idx" ON "access_log" USING btree ("latency_ms","at","id") WHERE "access_log"."latency_ms" >= 20;