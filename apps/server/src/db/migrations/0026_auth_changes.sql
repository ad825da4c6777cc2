-- Every process keeps the sessions it looked up for a few seconds (modules/member/session.cache.ts).
-- Whatever a session lookup reads from (the session, its member, their roles and the roles'
-- permissions) announces a change on the `corner_auth` channel when it commits, however it was
-- made, and every process then forgets all the sessions it keeps. New sessions and new members are
-- not announced: nothing kept can be one of them.
CREATE FUNCTION "corner_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('corner_auth', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changed" AFTER UPDATE OF "token_hash", "member_id", "expires_at", "revoked_at" OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "corner_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "members_auth_changed" AFTER UPDATE OF "id", "username", "email", "minisite_level", "deleted_at" OR DELETE OR TRUNCATE ON "members"
  FOR EACH STATEMENT EXECUTE FUNCTION "corner_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "member_roles_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "member_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "corner_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "roles_auth_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "corner_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "role_permissions_auth_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "corner_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "permissions_auth_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "permissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "corner_auth_changed"();
