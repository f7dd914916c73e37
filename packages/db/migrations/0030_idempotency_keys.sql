-- Idempotency-Key (docs/stock-api.md#retrying-writes): a write's first answer, kept 24 hours per principal, practice and key.
-- The row is written in the write's own transaction, so a twin request waits on the primary key until the first commits.
CREATE TABLE "idempotency_keys" (
	"principal" varchar(100) NOT NULL,
	"practice_id" bigint DEFAULT 0 NOT NULL,
	"key" varchar(255) NOT NULL,
	"route" varchar(300) NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"status_code" integer,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("principal","practice_id","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");
