ALTER TABLE "audit_log" ADD COLUMN "user_email" text;--> statement-breakpoint
-- Who, as text: the user_id link goes null when the user is removed, the e-mail stays.
UPDATE "audit_log" a SET "user_email" = u."email" FROM "users" u WHERE u."id" = a."user_id";--> statement-breakpoint
CREATE FUNCTION audit_log_fill_email() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS NOT NULL AND NEW.user_email IS NULL THEN
    NEW.user_email := (SELECT email FROM users WHERE id = NEW.user_id);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_fill_email BEFORE INSERT ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_fill_email();--> statement-breakpoint
-- Append-only for every role: the only changes let through are the foreign keys' own actions, made
-- after their parent row is gone (a removed user: user_id set null, nothing else; a removed
-- publisher: its rows deleted).
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.user_id IS NOT NULL AND NEW.user_id IS NULL
       AND NOT EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id)
       AND (NEW.id, NEW.publisher_id, NEW.user_email, NEW.action_name, NEW.object_id, NEW.object_type,
            NEW.payload, NEW.created_at)
           IS NOT DISTINCT FROM (OLD.id, OLD.publisher_id, OLD.user_email, OLD.action_name, OLD.object_id,
            OLD.object_type, OLD.payload, OLD.created_at) THEN
      RETURN NEW;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM publishers WHERE id = OLD.publisher_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE FUNCTION audit_log_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only (TRUNCATE)' USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_no_truncate();
