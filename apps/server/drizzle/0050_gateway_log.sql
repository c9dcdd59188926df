-- Issue 41: 网关日志, the API access log, and the server's warning and error lines of a request.
-- Both are partitioned by day on "at": a day older than ACCESS_LOG_DAYS is dropped whole (no
-- DELETE, no vacuum), by flexpay_keep_log_days below, which the app's daily job calls (it owns
-- no table, so the owner's function makes and drops the partitions). A default partition takes a
-- row of a day that has none yet (a clock far off): nothing is ever refused.
CREATE TABLE "access_log" (
	"at" timestamp with time zone NOT NULL,
	"id" bigserial NOT NULL,
	"process" varchar(64) NOT NULL,
	"realm" varchar(10) NOT NULL,
	"caller_company_id" bigint,
	"admin_id" bigint,
	"operator_id" bigint,
	"method" varchar(10) NOT NULL,
	"route" varchar(200) NOT NULL,
	"path" varchar(500) NOT NULL,
	"status" smallint NOT NULL,
	"code" integer,
	"latency_ms" real NOT NULL,
	"bytes" integer,
	"ip" varchar(64) NOT NULL,
	"request_id" varchar(64) NOT NULL,
	"user_agent" varchar(300) NOT NULL
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "server_log" (
	"at" timestamp with time zone NOT NULL,
	"id" bigserial NOT NULL,
	"process" varchar(64) NOT NULL,
	"level" smallint NOT NULL,
	"request_id" varchar(64) NOT NULL,
	"message" varchar(500) NOT NULL,
	"detail" varchar(4000) NOT NULL
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE INDEX "audit_log_request_idx" ON "audit_log" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "access_log_at_idx" ON "access_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "access_log_company_idx" ON "access_log" USING btree ("caller_company_id","at");--> statement-breakpoint
CREATE INDEX "access_log_route_idx" ON "access_log" USING btree ("route","at");--> statement-breakpoint
CREATE INDEX "access_log_request_idx" ON "access_log" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "server_log_request_idx" ON "server_log" USING btree ("request_id","at");--> statement-breakpoint
CREATE TABLE "access_log_default" PARTITION OF "access_log" DEFAULT;
--> statement-breakpoint
CREATE TABLE "server_log_default" PARTITION OF "server_log" DEFAULT;
--> statement-breakpoint
-- The platform's record: a company's scope (flexpay_app) may neither read nor write it.
REVOKE ALL ON "access_log", "server_log", "access_log_default", "server_log_default" FROM flexpay_app;
--> statement-breakpoint
CREATE FUNCTION flexpay_keep_log_days(keep_days integer, ahead_days integer) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  parent text;
  day date;
  first_day date := (now() at time zone 'UTC')::date - keep_days + 1;
  part record;
  dropped integer := 0;
BEGIN
  IF keep_days < 1 OR ahead_days < 0 OR ahead_days > 31 THEN
    RAISE EXCEPTION 'keep_days must be at least 1 and ahead_days 0 to 31';
  END IF;
  FOREACH parent IN ARRAY ARRAY['access_log', 'server_log'] LOOP
    -- The days to come (and today), each its own partition.
    FOR day IN SELECT generate_series((now() at time zone 'UTC')::date, (now() at time zone 'UTC')::date + ahead_days, interval '1 day')::date LOOP
      IF to_regclass(format('public.%I', parent || '_p' || to_char(day, 'YYYYMMDD'))) IS NULL THEN
        BEGIN
          EXECUTE format('CREATE TABLE public.%I PARTITION OF public.%I FOR VALUES FROM (%L) TO (%L)',
            parent || '_p' || to_char(day, 'YYYYMMDD'), parent,
            (day::timestamp at time zone 'UTC'), ((day + 1)::timestamp at time zone 'UTC'));
          -- The default privileges grant a new table to both app roles; a company's has no part here.
          EXECUTE format('REVOKE ALL ON public.%I FROM flexpay_app', parent || '_p' || to_char(day, 'YYYYMMDD'));
        EXCEPTION WHEN check_violation THEN
          -- The default partition already holds rows of that day: they stay there.
          NULL;
        END;
      END IF;
    END LOOP;
    -- The days before the first kept one, dropped whole.
    FOR part IN
      SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = format('public.%I', parent)::regclass
         AND c.relname ~ ('^' || parent || '_p[0-9]{8}$')
         AND to_date(right(c.relname, 8), 'YYYYMMDD') < first_day
    LOOP
      EXECUTE format('DROP TABLE public.%I', part.relname);
      dropped := dropped + 1;
    END LOOP;
    EXECUTE format('DELETE FROM public.%I WHERE at < %L', parent || '_default', (first_day::timestamp at time zone 'UTC'));
  END LOOP;
  RETURN dropped;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION flexpay_keep_log_days(integer, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION flexpay_keep_log_days(integer, integer) TO flexpay_platform;
--> statement-breakpoint
SELECT flexpay_keep_log_days(30, 2);
