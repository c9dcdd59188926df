-- Issue 43 (ADR 0031): the sandbox signing provider's books in the database instead of one
-- process's memory, so a link sent by one process signs through another and after a restart:
-- the documents it was sent (once per content) and its requests (sent, signed with the signed PDF,
-- or failed with the reason of its rules). Local tables (db/distribution.ts): an outside system's,
-- no company's, no key into ours, so no row-level security.
-- And worker_real_name_run.import_id: the import whose workers a run verifies, for the import
-- drawer's progress (a value, not a key: the import's row is cleaned up, the run stays).
CREATE TABLE "sandbox_signing_document" (
	"sha256" varchar(64) PRIMARY KEY NOT NULL,
	"pdf" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_signing_request" (
	"ref" varchar(40) PRIMARY KEY NOT NULL,
	"provider_ref" varchar(40) NOT NULL,
	"token" varchar(40) NOT NULL,
	"code" varchar(6) NOT NULL,
	"signer_name" varchar(50) NOT NULL,
	"signer_mobile" varchar(20) NOT NULL,
	"document_title" varchar(100) NOT NULL,
	"document_sha256" varchar(64) NOT NULL,
	"status" varchar(10) DEFAULT 'sent' NOT NULL,
	"reason" varchar(100) DEFAULT '' NOT NULL,
	"signed_pdf" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_at" timestamp with time zone,
	CONSTRAINT "sandbox_signing_request_provider_ref_uq" UNIQUE("provider_ref"),
	CONSTRAINT "sandbox_signing_request_token_uq" UNIQUE("token"),
	CONSTRAINT "sandbox_signing_request_status_ck" CHECK ("sandbox_signing_request"."status" in ('sent', 'signed', 'failed')),
	CONSTRAINT "sandbox_signing_request_signed_ck" CHECK (("sandbox_signing_request"."status" = 'signed') = ("sandbox_signing_request"."signed_pdf" is not null))
);
--> statement-breakpoint
ALTER TABLE "worker_real_name_run" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "sandbox_signing_request" ADD CONSTRAINT "sandbox_signing_request_document_fk" FOREIGN KEY ("document_sha256") REFERENCES "public"."sandbox_signing_document"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_signing_request_document_idx" ON "sandbox_signing_request" USING btree ("document_sha256");--> statement-breakpoint
CREATE INDEX "worker_real_name_run_import_idx" ON "worker_real_name_run" USING btree ("company_id","import_id") WHERE "worker_real_name_run"."import_id" is not null;