CREATE TABLE "activity_log_archives" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"first_id" bigint NOT NULL,
	"last_id" bigint NOT NULL,
	"row_count" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"checksum" varchar(64) NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "activity_log_archives_period_idx" ON "activity_log_archives" USING btree ("period_start","id");