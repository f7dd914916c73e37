CREATE TABLE "report_export_files" (
	"export_id" bigint NOT NULL,
	"part" integer NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "report_export_files_export_id_part_pk" PRIMARY KEY("export_id","part")
);
--> statement-breakpoint
ALTER TABLE "report_exports" ADD COLUMN "background" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "report_exports" ADD COLUMN "status" varchar(16) DEFAULT 'succeeded' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_exports" ADD COLUMN "locale" varchar(8);--> statement-breakpoint
ALTER TABLE "report_exports" ADD COLUMN "request_key" varchar(64);--> statement-breakpoint
ALTER TABLE "report_exports" ADD COLUMN "rows_written" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_exports" ADD COLUMN "file_size" bigint;--> statement-breakpoint
ALTER TABLE "report_exports" ADD COLUMN "failure" varchar(120);--> statement-breakpoint
ALTER TABLE "report_exports" ADD COLUMN "failure_params" jsonb;--> statement-breakpoint
ALTER TABLE "report_exports" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_exports" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_exports" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_export_files" ADD CONSTRAINT "report_export_files_export_id_report_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."report_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_exports_active_request_idx" ON "report_exports" USING btree ("user_id","request_key") WHERE "report_exports"."status" in ('queued', 'running');