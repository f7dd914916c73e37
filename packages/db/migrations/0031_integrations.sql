-- Integrations (docs/open-dental.md): procedures carry the id they have in another system (unique per practice and
-- source, so a repeated create updates); per practice and source, the mapping of the source's procedure codes, the
-- last synced change (the cursor), the rows waiting for an unknown code to be mapped, and the report of every sync.
ALTER TABLE "procedures" ADD COLUMN "external_source" varchar(32);--> statement-breakpoint
ALTER TABLE "procedures" ADD COLUMN "external_id" varchar(64);--> statement-breakpoint
ALTER TABLE "procedures" ADD CONSTRAINT "procedures_external_pair" CHECK (("procedures"."external_source" is null) = ("procedures"."external_id" is null));--> statement-breakpoint
CREATE UNIQUE INDEX "procedures_external_idx" ON "procedures" USING btree ("dental_practice_id","external_source","external_id") WHERE "procedures"."external_id" is not null;--> statement-breakpoint
CREATE TABLE "integration_code_maps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dental_practice_id" bigint NOT NULL,
	"source" varchar(32) NOT NULL,
	"source_code" varchar(32) NOT NULL,
	"procedure_code_id" bigint NOT NULL,
	"procedure_template_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integration_code_maps" ADD CONSTRAINT "integration_code_maps_dental_practice_id_dental_practices_id_fk" FOREIGN KEY ("dental_practice_id") REFERENCES "public"."dental_practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_code_maps" ADD CONSTRAINT "integration_code_maps_procedure_code_id_procedure_codes_id_fk" FOREIGN KEY ("procedure_code_id") REFERENCES "public"."procedure_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_code_maps" ADD CONSTRAINT "integration_code_maps_procedure_template_id_procedure_templates_id_fk" FOREIGN KEY ("procedure_template_id") REFERENCES "public"."procedure_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_code_maps_key_idx" ON "integration_code_maps" USING btree ("dental_practice_id","source",upper("source_code"));--> statement-breakpoint
CREATE TABLE "integration_cursors" (
	"dental_practice_id" bigint NOT NULL,
	"source" varchar(32) NOT NULL,
	"changed_at" varchar(32) NOT NULL,
	"change_id" varchar(64) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_cursors_pk" PRIMARY KEY("dental_practice_id","source")
);
--> statement-breakpoint
ALTER TABLE "integration_cursors" ADD CONSTRAINT "integration_cursors_dental_practice_id_dental_practices_id_fk" FOREIGN KEY ("dental_practice_id") REFERENCES "public"."dental_practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "integration_pending_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dental_practice_id" bigint NOT NULL,
	"source" varchar(32) NOT NULL,
	"external_id" varchar(64) NOT NULL,
	"source_code" varchar(32) NOT NULL,
	"source_description" varchar(255),
	"row" jsonb NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integration_pending_rows" ADD CONSTRAINT "integration_pending_rows_dental_practice_id_dental_practices_id_fk" FOREIGN KEY ("dental_practice_id") REFERENCES "public"."dental_practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_pending_rows_key_idx" ON "integration_pending_rows" USING btree ("dental_practice_id","source","external_id");--> statement-breakpoint
CREATE INDEX "integration_pending_rows_code_idx" ON "integration_pending_rows" USING btree ("dental_practice_id","source",upper("source_code"));--> statement-breakpoint
CREATE TABLE "integration_sync_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dental_practice_id" bigint NOT NULL,
	"source" varchar(32) NOT NULL,
	"via" varchar(16) NOT NULL,
	"applied" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"unknown" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_sync_runs_via" CHECK ("integration_sync_runs"."via" in ('sync', 'import'))
);
--> statement-breakpoint
ALTER TABLE "integration_sync_runs" ADD CONSTRAINT "integration_sync_runs_dental_practice_id_dental_practices_id_fk" FOREIGN KEY ("dental_practice_id") REFERENCES "public"."dental_practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sync_runs" ADD CONSTRAINT "integration_sync_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_sync_runs_practice_idx" ON "integration_sync_runs" USING btree ("dental_practice_id","created_at");
