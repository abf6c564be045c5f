-- Hand-written around the generated statements: the column is added without a default first, so rows
-- written before it stay null ("not recorded": a browser could then write anything under any name), and
-- only rows inserted from now on default to 'server'.
ALTER TABLE "audit_log" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "source" SET DEFAULT 'server';--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_source_check" CHECK ("audit_log"."source" in ('client', 'server'));--> statement-breakpoint
-- Hand-written: the append-only rule compares every column but user_id on the one update it lets
-- through (a removed user's id set null); source joins that list so it cannot be rewritten either.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.user_id IS NOT NULL AND NEW.user_id IS NULL
       AND NOT EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id)
       AND (NEW.id, NEW.publisher_id, NEW.user_email, NEW.action_name, NEW.object_id, NEW.object_type,
            NEW.payload, NEW.created_at, NEW.source)
           IS NOT DISTINCT FROM (OLD.id, OLD.publisher_id, OLD.user_email, OLD.action_name, OLD.object_id,
            OLD.object_type, OLD.payload, OLD.created_at, OLD.source) THEN
      RETURN NEW;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM publishers WHERE id = OLD.publisher_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
