CREATE TABLE "ledger_entry_day" (
	"company_id" bigint NOT NULL,
	"service_company_id" bigint NOT NULL,
	"day" date NOT NULL,
	"type" varchar(20) NOT NULL,
	"entry_count" bigint NOT NULL,
	CONSTRAINT "ledger_entry_day_company_id_day_service_company_id_type_pk" PRIMARY KEY("company_id","day","service_company_id","type")
);
--> statement-breakpoint
-- The counters of the entries already written (their day in China time, UTC+8, as 资金明细's
-- date filters read it).
INSERT INTO "ledger_entry_day" ("company_id", "service_company_id", "day", "type", "entry_count")
SELECT "company_id", "service_company_id", (("created_at" AT TIME ZONE 'UTC') + interval '8 hours')::date, "type", count(*)
FROM "ledger_entry" WHERE "company_id" IS NOT NULL
GROUP BY 1, 2, 3, 4;
