ALTER TABLE "users" ADD COLUMN "digest" varchar(8) DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_sent_at" timestamp with time zone;