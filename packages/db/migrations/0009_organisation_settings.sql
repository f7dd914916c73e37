CREATE TABLE "organisation_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"currency" varchar(3) DEFAULT 'USD' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_settings_one_row" CHECK ("organisation_settings"."id" = 1)
);
