DROP INDEX "activity_logs_created_idx";--> statement-breakpoint
DROP INDEX "activity_logs_user_idx";--> statement-breakpoint
DROP INDEX "activity_logs_practice_idx";--> statement-breakpoint
CREATE INDEX "activity_logs_created_id_idx" ON "activity_logs" USING btree ("created_at" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "activity_logs_user_id_idx" ON "activity_logs" USING btree ("user_id" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "activity_logs_practice_id_idx" ON "activity_logs" USING btree ("dental_practice_id" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "activity_logs_user_email_id_idx" ON "activity_logs" USING btree ("user_email" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "activity_logs_action_lower_idx" ON "activity_logs" USING btree (lower("action"));--> statement-breakpoint
CREATE INDEX "activity_logs_subject_lower_idx" ON "activity_logs" USING btree (lower("subject"));