CREATE TABLE "file_chunk" (
	"storage_key" varchar(300) NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_chunk_storage_key_seq_pk" PRIMARY KEY("storage_key","seq")
);
--> statement-breakpoint
-- Files are mostly compressed already (xlsx, zip, png, jpeg, pdf): store chunks out of line without compressing them again.
ALTER TABLE "file_chunk" ALTER COLUMN "data" SET STORAGE EXTERNAL;
