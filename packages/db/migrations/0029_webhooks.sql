-- Webhooks (docs/webhooks.md): subscriptions per practice, the event outbox, one delivery per (subscription, event).
CREATE TABLE "webhook_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dental_practice_id" bigint NOT NULL,
	"name" varchar(120) NOT NULL,
	"url" varchar(2048) NOT NULL,
	"events" jsonb NOT NULL,
	"secret" varchar(128) NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"owner_id" bigint,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"disabled_reason" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_subscriptions_status" CHECK ("webhook_subscriptions"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"uid" varchar(40) NOT NULL,
	"dental_practice_id" bigint NOT NULL,
	"type" varchar(48) NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"locked_until" timestamp with time zone,
	"response_status" integer,
	"duration_ms" integer,
	"error" text,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status" CHECK ("webhook_deliveries"."status" in ('pending', 'sending', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_dental_practice_id_dental_practices_id_fk" FOREIGN KEY ("dental_practice_id") REFERENCES "public"."dental_practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_dental_practice_id_dental_practices_id_fk" FOREIGN KEY ("dental_practice_id") REFERENCES "public"."dental_practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_id_webhook_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."webhook_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_practice_idx" ON "webhook_subscriptions" USING btree ("dental_practice_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_uid_idx" ON "webhook_events" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "webhook_events_practice_idx" ON "webhook_events" USING btree ("dental_practice_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_subscription_event_idx" ON "webhook_deliveries" USING btree ("subscription_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id");--> statement-breakpoint
INSERT INTO "permissions" ("name", "action", "subject", "conditions") VALUES
  ('manage Webhook (own practices)', 'manage', 'Webhook', '{"dentalPracticeId":{"$in":"${user.practiceIds}"}}')
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r."id", p."id" FROM "roles" r JOIN "permissions" p ON (r."name", p."name") IN (
  ('Practice Manager', 'manage Webhook (own practices)')
) WHERE r."is_system"
ON CONFLICT DO NOTHING;
