CREATE TABLE "process_heartbeat" (
	"name" varchar(100) PRIMARY KEY NOT NULL,
	"version" varchar(40) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"beat_at" timestamp with time zone NOT NULL,
	"rss_bytes" bigint NOT NULL,
	"heap_used_bytes" bigint NOT NULL,
	"event_loop_delay_ms" real NOT NULL,
	"requests_per_minute" integer NOT NULL,
	"p95_ms" real,
	"error_rate" real
);
--> statement-breakpoint
CREATE INDEX "process_heartbeat_beat_at_idx" ON "process_heartbeat" USING btree ("beat_at");