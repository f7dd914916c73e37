ALTER TABLE "import_jobs" ADD COLUMN "stage" varchar(16) DEFAULT 'validate' NOT NULL;--> statement-breakpoint
ALTER TABLE "forecast_runs" ADD COLUMN "failure" varchar(120);--> statement-breakpoint
ALTER TABLE "forecast_runs" ADD COLUMN "failure_params" jsonb;--> statement-breakpoint
ALTER TABLE "scheduler_runs" ADD COLUMN "failure" varchar(120);--> statement-breakpoint
ALTER TABLE "scheduler_runs" ADD COLUMN "failure_params" jsonb;--> statement-breakpoint
UPDATE "import_jobs" SET "stage" = 'write' WHERE "status" IN ('importing', 'done') OR ("status" = 'failed' AND "failure" = 'import.write_failed');--> statement-breakpoint
UPDATE "import_jobs" SET "stage" = 'cancelled' WHERE "status" = 'cancelled';--> statement-breakpoint
UPDATE "import_jobs" SET "status" = CASE
  WHEN "status" = 'validating' THEN 'running'
  WHEN "status" = 'importing' AND "progress" = 0 THEN 'queued'
  WHEN "status" = 'importing' THEN 'running'
  WHEN "status" IN ('validated', 'done', 'cancelled') THEN 'succeeded'
  ELSE "status" END
WHERE "status" IN ('validating', 'validated', 'importing', 'done', 'cancelled');--> statement-breakpoint
UPDATE "forecast_runs" SET "status" = 'succeeded' WHERE "status" = 'completed';
