-- Webhooks for the whole organisation (docs/webhooks.md#organisation-subscriptions): a subscription without a
-- practice receives the events of every practice, those created later included. Events stay per practice.
ALTER TABLE "webhook_subscriptions" ALTER COLUMN "dental_practice_id" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_organisation_idx" ON "webhook_subscriptions" USING btree ("status") WHERE "webhook_subscriptions"."dental_practice_id" is null;
