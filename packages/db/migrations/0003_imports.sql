CREATE TABLE "import_jobs" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"kind" varchar(32) NOT NULL,
	"user_id" bigint NOT NULL,
	"format" varchar(8) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_size" bigint DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"valid_rows" integer DEFAULT 0 NOT NULL,
	"invalid_rows" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unknown_columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"missing_columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" varchar(120),
	"failure_params" jsonb,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "import_jobs_user_idx" ON "import_jobs" USING btree ("user_id","created_at");