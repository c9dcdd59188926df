CREATE TABLE "worker_page_anchor" (
	"company_id" bigint NOT NULL,
	"position" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"worker_id" bigint NOT NULL,
	CONSTRAINT "worker_page_anchor_company_id_position_pk" PRIMARY KEY("company_id","position")
);
--> statement-breakpoint
ALTER TABLE "worker_page_anchor" ADD CONSTRAINT "worker_page_anchor_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- An anchor stays valid while the number of the company's workers ordered before it does not
-- change: appending newer workers leaves it alone; inserting or deleting a worker ordered before
-- it shifts it, so such anchors are dropped (the ones before the change stay valid). Rebuilds
-- (worker/anchors.ts) take the exclusive advisory lock of the company; these triggers take it
-- shared, so a rebuild never misses a writer that has not committed yet.
CREATE FUNCTION worker_page_anchor_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7310010, c.company_id::int)
  FROM (SELECT DISTINCT company_id FROM new_rows ORDER BY company_id) c;
  DELETE FROM worker_page_anchor a
  USING (SELECT DISTINCT ON (company_id) company_id, created_at, id FROM new_rows ORDER BY company_id, created_at, id) n
  WHERE a.company_id = n.company_id AND (a.created_at, a.worker_id) > (n.created_at, n.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION worker_page_anchor_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7310010, c.company_id::int)
  FROM (SELECT DISTINCT company_id FROM old_rows ORDER BY company_id) c;
  DELETE FROM worker_page_anchor a
  USING (SELECT DISTINCT ON (company_id) company_id, created_at, id FROM old_rows ORDER BY company_id, created_at, id) o
  WHERE a.company_id = o.company_id AND (a.created_at, a.worker_id) > (o.created_at, o.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- created_at and company_id are never changed by the application; if they ever are, the
-- anchors of both companies are dropped.
CREATE FUNCTION worker_page_anchor_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7310010, OLD.company_id::int);
  PERFORM pg_advisory_xact_lock_shared(7310010, NEW.company_id::int);
  DELETE FROM worker_page_anchor WHERE company_id IN (OLD.company_id, NEW.company_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER worker_page_anchor_insert AFTER INSERT ON "worker"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_page_anchor_after_insert();
--> statement-breakpoint
CREATE TRIGGER worker_page_anchor_delete AFTER DELETE ON "worker"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION worker_page_anchor_after_delete();
--> statement-breakpoint
CREATE TRIGGER worker_page_anchor_update AFTER UPDATE OF created_at, company_id ON "worker"
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION worker_page_anchor_after_update();
