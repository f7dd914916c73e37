-- API tokens (docs/integrations.md#api-tokens): a secret an integration sends as `Authorization: Bearer …`, stored
-- only as its SHA-256. It acts with one role in some practices, never beyond what its creator holds now.
CREATE TABLE "api_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"prefix" varchar(16) NOT NULL,
	"role_id" bigint,
	"created_by" bigint NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_used_ip" varchar(64),
	"revoked_at" timestamp with time zone,
	"revoked_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "api_token_practices" (
	"api_token_id" bigint NOT NULL,
	"dental_practice_id" bigint NOT NULL,
	CONSTRAINT "api_token_practices_api_token_id_dental_practice_id_pk" PRIMARY KEY("api_token_id","dental_practice_id")
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_token_practices" ADD CONSTRAINT "api_token_practices_api_token_id_api_tokens_id_fk" FOREIGN KEY ("api_token_id") REFERENCES "public"."api_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_token_practices" ADD CONSTRAINT "api_token_practices_dental_practice_id_dental_practices_id_fk" FOREIGN KEY ("dental_practice_id") REFERENCES "public"."dental_practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_created_by_idx" ON "api_tokens" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "api_token_practices_practice_idx" ON "api_token_practices" USING btree ("dental_practice_id");
--> statement-breakpoint
-- An import uploaded with a token runs with the token's rights (not its creator's) when its job runs.
ALTER TABLE "import_jobs" ADD COLUMN "api_token_id" bigint;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_api_token_id_api_tokens_id_fk" FOREIGN KEY ("api_token_id") REFERENCES "public"."api_tokens"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The auth cache holds each token by its hash, like a session: any change but the "last used" touch announces the
-- hash (revocation reaches every instance at once); a change of its practices drops everything.
CREATE FUNCTION "enamel_auth_notify_api_token"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE'
		OR (to_jsonb(OLD) - 'last_used_at' - 'last_used_ip') IS DISTINCT FROM (to_jsonb(NEW) - 'last_used_at' - 'last_used_ip') THEN
		PERFORM pg_notify('enamel_auth', OLD.token_hash);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "api_tokens_auth_notify" AFTER UPDATE OR DELETE ON "api_tokens" FOR EACH ROW EXECUTE FUNCTION "enamel_auth_notify_api_token"();
--> statement-breakpoint
CREATE TRIGGER "api_tokens_truncate_auth_notify" AFTER TRUNCATE ON "api_tokens" FOR EACH STATEMENT EXECUTE FUNCTION "enamel_auth_notify_all"();
--> statement-breakpoint
CREATE TRIGGER "api_token_practices_auth_notify" AFTER UPDATE OR DELETE OR TRUNCATE ON "api_token_practices" FOR EACH STATEMENT EXECUTE FUNCTION "enamel_auth_notify_all"();
--> statement-breakpoint
-- The permission to manage API tokens: Super Admins hold it through "manage all"; practice managers for their practices.
INSERT INTO "permissions" ("name", "action", "subject", "conditions")
VALUES ('manage ApiToken (own practices)', 'manage', 'ApiToken', '{"dentalPracticeId":{"$in":"${user.practiceIds}"}}'::jsonb)
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r.id, p.id FROM "roles" r, "permissions" p
WHERE r.name = 'Practice Manager' AND p.name = 'manage ApiToken (own practices)'
ON CONFLICT DO NOTHING;
