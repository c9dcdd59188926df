-- One index per filter of the 网关日志 page, the time after it (ADR 0028): a filter that matches few rows of
-- a week is read from its own index instead of walking the week in time order (bench:gateway-log-page).
CREATE INDEX "access_log_admin_idx" ON "access_log" USING btree ("admin_id","at") WHERE "access_log"."admin_id" is not null;--> statement-breakpoint
CREATE INDEX "access_log_operator_idx" ON "access_log" USING btree ("operator_id","at") WHERE "access_log"."operator_id" is not null;--> statement-breakpoint
CREATE INDEX "access_log_realm_idx" ON "access_log" USING btree ("realm","at");--> statement-breakpoint
CREATE INDEX "access_log_status_idx" ON "access_log" USING btree ("status","at");--> statement-breakpoint
CREATE INDEX "access_log_code_idx" ON "access_log" USING btree ("code","at");--> statement-breakpoint
CREATE INDEX "access_log_latency_idx" ON "access_log" USING btree ("latency_ms","at");--> statement-breakpoint
CREATE INDEX "access_log_path_idx" ON "access_log" USING btree ("path" text_pattern_ops,"at");