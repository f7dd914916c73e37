CREATE TABLE "import_job_files" (
	"job_id" varchar(36) NOT NULL,
	"name" varchar(16) NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "import_job_files_job_id_name_pk" PRIMARY KEY("job_id","name")
);
--> statement-breakpoint
ALTER TABLE "import_job_files" ADD CONSTRAINT "import_job_files_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;