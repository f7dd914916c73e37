ALTER TABLE "forecast_runs" ADD COLUMN "accuracy_weeks" integer;--> statement-breakpoint
ALTER TABLE "forecast_runs" ADD COLUMN "wape" numeric(10, 4);--> statement-breakpoint
ALTER TABLE "forecast_runs" ADD COLUMN "coverage" numeric(5, 4);