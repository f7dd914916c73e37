CREATE TABLE "forecast_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dental_practice_id" bigint NOT NULL,
	"forecast_date" date NOT NULL,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"horizon_weeks" integer NOT NULL,
	"level" numeric(5, 4) NOT NULL,
	"requested_by" bigint,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"series_count" integer DEFAULT 0 NOT NULL,
	"methods" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forecast_series" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"ref_id" bigint NOT NULL,
	"method" varchar(40) NOT NULL,
	"demand_class" varchar(16) NOT NULL,
	"source" varchar(24) NOT NULL,
	"thin" boolean DEFAULT false NOT NULL,
	"history_start" date NOT NULL,
	"history" jsonb NOT NULL,
	"booked" jsonb NOT NULL,
	"mean" jsonb NOT NULL,
	"lower" jsonb NOT NULL,
	"upper" jsonb NOT NULL,
	"sd" jsonb NOT NULL,
	"distribution" varchar(8) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "practice_settings" ADD COLUMN "forecast_horizon_weeks" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_settings" ADD COLUMN "review_period_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_settings" ADD COLUMN "dead_stock_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_settings" ADD COLUMN "expiry_warning_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_settings" ADD COLUMN "forecast_date" date;--> statement-breakpoint
ALTER TABLE "forecast_runs" ADD CONSTRAINT "forecast_runs_dental_practice_id_dental_practices_id_fk" FOREIGN KEY ("dental_practice_id") REFERENCES "public"."dental_practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_runs" ADD CONSTRAINT "forecast_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_series" ADD CONSTRAINT "forecast_series_run_id_forecast_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."forecast_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forecast_runs_practice_date_idx" ON "forecast_runs" USING btree ("dental_practice_id","forecast_date","status");--> statement-breakpoint
CREATE INDEX "forecast_runs_created_idx" ON "forecast_runs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "forecast_runs_one_active_idx" ON "forecast_runs" USING btree ("dental_practice_id","forecast_date") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "forecast_series_run_ref_idx" ON "forecast_series" USING btree ("run_id","kind","ref_id");