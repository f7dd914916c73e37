-- The API caches each session's user and each user's abilities in process (apps/api/src/core/auth-cache.ts).
-- Every change they are read from announces itself on the channel enamel_auth when its transaction commits,
-- so every instance drops what it holds at once and no code path can forget to: the payload is a user id,
-- a session id (the SHA-256 of the cookie), or '*' for "drop everything".
CREATE FUNCTION "enamel_auth_notify_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('enamel_auth', '*');
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Row triggers: TG_ARGV[0] names the column whose value is the payload (old and new row on an update).
CREATE FUNCTION "enamel_auth_notify_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM pg_notify('enamel_auth', to_jsonb(OLD) ->> TG_ARGV[0]);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM pg_notify('enamel_auth', to_jsonb(NEW) ->> TG_ARGV[0]);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Sessions: a deletion (logout, password change, deactivation, purge) or any change but the sliding touch,
-- which only moves last_seen_at and pushes expires_at later (an expiry moved earlier is announced).
CREATE FUNCTION "enamel_auth_notify_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE'
		OR NEW.expires_at < OLD.expires_at
		OR (to_jsonb(OLD) - 'last_seen_at' - 'expires_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_seen_at' - 'expires_at') THEN
		PERFORM pg_notify('enamel_auth', OLD.id);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_auth_notify" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "enamel_auth_notify_row"('id');
--> statement-breakpoint
CREATE TRIGGER "user_roles_auth_notify" AFTER INSERT OR UPDATE OR DELETE ON "user_roles" FOR EACH ROW EXECUTE FUNCTION "enamel_auth_notify_row"('user_id');
--> statement-breakpoint
CREATE TRIGGER "user_practices_auth_notify" AFTER INSERT OR UPDATE OR DELETE ON "user_practices" FOR EACH ROW EXECUTE FUNCTION "enamel_auth_notify_row"('user_id');
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_notify" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "enamel_auth_notify_session"();
--> statement-breakpoint
CREATE TRIGGER "roles_auth_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "enamel_auth_notify_all"();
--> statement-breakpoint
CREATE TRIGGER "role_permissions_auth_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "enamel_auth_notify_all"();
--> statement-breakpoint
CREATE TRIGGER "permissions_auth_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permissions" FOR EACH STATEMENT EXECUTE FUNCTION "enamel_auth_notify_all"();
--> statement-breakpoint
CREATE TRIGGER "dental_practices_status_auth_notify" AFTER UPDATE ON "dental_practices" FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION "enamel_auth_notify_all"();
--> statement-breakpoint
CREATE TRIGGER "dental_practices_delete_auth_notify" AFTER DELETE OR TRUNCATE ON "dental_practices" FOR EACH STATEMENT EXECUTE FUNCTION "enamel_auth_notify_all"();
--> statement-breakpoint
-- A TRUNCATE fires no row trigger: drop everything.
CREATE TRIGGER "users_truncate_auth_notify" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "enamel_auth_notify_all"();
--> statement-breakpoint
CREATE TRIGGER "user_roles_truncate_auth_notify" AFTER TRUNCATE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION "enamel_auth_notify_all"();
--> statement-breakpoint
CREATE TRIGGER "user_practices_truncate_auth_notify" AFTER TRUNCATE ON "user_practices" FOR EACH STATEMENT EXECUTE FUNCTION "enamel_auth_notify_all"();
--> statement-breakpoint
CREATE TRIGGER "sessions_truncate_auth_notify" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "enamel_auth_notify_all"();
