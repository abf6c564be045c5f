DROP INDEX "packages_publisher_alias_uq";--> statement-breakpoint
-- Hand-written: a database may already hold names or embed names that differ only in case or outer
-- spaces, which the new indexes refuse. The oldest package of each such group keeps its name; every later
-- one gets the first free ' (2)', ' (3)', ... (names) or '-2', '-3', ... (embed names, cut to stay within
-- 30 characters), is marked changed (updated_at) so an editor holding it open reloads before saving, and
-- the rename is written to audit_log so its owners can see why.
DO $$
DECLARE
  dup record;
  n integer;
  renamed text;
BEGIN
  FOR dup IN
    SELECT embed_id, publisher_id, name, btrim(name) AS base
    FROM (
      SELECT embed_id, publisher_id, name,
             row_number() OVER (PARTITION BY publisher_id, lower(btrim(name))
                                ORDER BY created_at, embed_id) AS rn
      FROM packages WHERE status IN ('Active', 'Draft')
    ) ranked
    WHERE rn > 1
    ORDER BY publisher_id, lower(btrim(name)), rn
  LOOP
    n := 2;
    LOOP
      renamed := dup.base || ' (' || n || ')';
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM packages
        WHERE publisher_id = dup.publisher_id AND status IN ('Active', 'Draft')
          AND lower(btrim(name)) = lower(renamed));
      n := n + 1;
    END LOOP;
    UPDATE packages SET name = renamed, updated_at = now() WHERE embed_id = dup.embed_id;
    INSERT INTO audit_log (publisher_id, action_name, object_id, object_type, payload)
    VALUES (dup.publisher_id, 'rename_duplicate', dup.embed_id, 'package',
            jsonb_build_object('before', jsonb_build_object('name', dup.name),
                               'after', jsonb_build_object('name', renamed)));
  END LOOP;

  FOR dup IN
    SELECT embed_id, publisher_id, alias, btrim(alias) AS base
    FROM (
      SELECT embed_id, publisher_id, alias,
             row_number() OVER (PARTITION BY publisher_id, lower(btrim(alias))
                                ORDER BY created_at, embed_id) AS rn
      FROM packages WHERE alias IS NOT NULL
    ) ranked
    WHERE rn > 1
    ORDER BY publisher_id, lower(btrim(alias)), rn
  LOOP
    n := 2;
    LOOP
      renamed := left(dup.base, 30 - length('-' || n)) || '-' || n;
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM packages
        WHERE publisher_id = dup.publisher_id AND lower(btrim(alias)) = lower(renamed));
      n := n + 1;
    END LOOP;
    UPDATE packages SET alias = renamed, updated_at = now() WHERE embed_id = dup.embed_id;
    INSERT INTO audit_log (publisher_id, action_name, object_id, object_type, payload)
    VALUES (dup.publisher_id, 'rename_duplicate', dup.embed_id, 'package',
            jsonb_build_object('before', jsonb_build_object('alias', dup.alias),
                               'after', jsonb_build_object('alias', renamed)));
  END LOOP;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "packages_publisher_name_uq" ON "packages" USING btree ("publisher_id",lower(btrim("name"))) WHERE "packages"."status" in ('Active', 'Draft');--> statement-breakpoint
CREATE UNIQUE INDEX "packages_publisher_alias_uq" ON "packages" USING btree ("publisher_id",lower(btrim("alias")));
