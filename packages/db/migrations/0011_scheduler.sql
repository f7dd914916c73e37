CREATE TABLE "scheduler_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"cron" varchar(120) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"time_limit_seconds" integer DEFAULT 900 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduler_jobs_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "scheduler_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" bigint NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"trigger" varchar(20) NOT NULL,
	"status" varchar(20) DEFAULT 'queued' NOT NULL,
	"instance" varchar(120),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "scheduler_runs" ADD CONSTRAINT "scheduler_runs_job_id_scheduler_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."scheduler_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduler_runs_job_slot_idx" ON "scheduler_runs" USING btree ("job_id","slot");--> statement-breakpoint
CREATE INDEX "scheduler_runs_job_created_idx" ON "scheduler_runs" USING btree ("job_id","id");