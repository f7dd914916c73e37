CREATE TABLE "report_exports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"dental_practice_id" bigint NOT NULL,
	"report" varchar(40) NOT NULL,
	"format" varchar(8) NOT NULL,
	"filters" jsonb NOT NULL,
	"filter_names" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_dental_practice_id_dental_practices_id_fk" FOREIGN KEY ("dental_practice_id") REFERENCES "public"."dental_practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_exports_user_created_idx" ON "report_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "report_exports_practice_idx" ON "report_exports" USING btree ("dental_practice_id");