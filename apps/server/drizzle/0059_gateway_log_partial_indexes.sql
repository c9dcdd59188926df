-- 网关日志's filters where one value is most rows (2xx, the success code 200, the company realm, an
-- answer under 20 ms) index only the other values (ADR 0028): the common value is met at once
-- walking the time index, and every request's row enters four indexes fewer (the access log's
-- cost on the requests, issue 41). A latency filter under 20 ms walks the time index.
DROP INDEX "access_log_realm_idx";--> statement-breakpoint
DROP INDEX "access_log_status_idx";--> statement-breakpoint
DROP INDEX "access_log_code_idx";--> statement-breakpoint
DROP INDEX "access_log_latency_idx";--> statement-breakpoint
CREATE INDEX "access_log_realm_idx" ON "access_log" USING btree ("realm","at") WHERE "access_log"."realm" <> 'company';--> statement-breakpoint
CREATE INDEX "access_log_status_idx" ON "access_log" USING btree ("status","at") WHERE "access_log"."status" >= 300;--> statement-breakpoint
CREATE INDEX "access_log_code_idx" ON "access_log" USING btree ("code","at") WHERE "access_log"."code" <> 200;--> statement-breakpoint
CREATE INDEX "access_log_latency_idx" ON "access_log" USING btree ("latency_ms","at") WHERE "access_log"."latency_ms" >= 20;