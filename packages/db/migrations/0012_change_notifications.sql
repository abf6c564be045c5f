-- Change notifications (D35): servers keep read caches (sessions; highlight, package and program list
-- pages) that are emptied when a table they read changes. One NOTIFY per statement names the table;
-- PostgreSQL delivers a transaction's notifications at its commit, in commit order, and drops repeats within it.
CREATE FUNCTION hc_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hc_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER highlights_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "highlights"
  FOR EACH STATEMENT EXECUTE FUNCTION hc_notify_change();--> statement-breakpoint
CREATE TRIGGER settings_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION hc_notify_change();--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION hc_notify_change();--> statement-breakpoint
CREATE TRIGGER user_publisher_roles_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_publisher_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION hc_notify_change();--> statement-breakpoint
-- A session's last_seen_at is written once a minute per active session: that touch changes nothing a
-- cache holds (the idle check reads the cached time and asks the database when it is old), so it
-- notifies nobody. A new session is not cached before its first use either.
CREATE TRIGGER sessions_notify_change AFTER UPDATE OF "token_hash", "user_id", "publisher_id", "expires_at" OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION hc_notify_change();--> statement-breakpoint
CREATE TRIGGER packages_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "packages"
  FOR EACH STATEMENT EXECUTE FUNCTION hc_notify_change();--> statement-breakpoint
CREATE TRIGGER package_highlights_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "package_highlights"
  FOR EACH STATEMENT EXECUTE FUNCTION hc_notify_change();--> statement-breakpoint
CREATE TRIGGER programs_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "programs"
  FOR EACH STATEMENT EXECUTE FUNCTION hc_notify_change();
