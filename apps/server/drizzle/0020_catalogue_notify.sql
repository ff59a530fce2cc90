-- The catalogue index (ADR 0048) of every instance hears which services changed, whoever changed them: a request of
-- another instance, the admin command, SQL by hand. One notification per statement on channel cusp_catalogue:
-- 's:' and the services' ids, 'd:' and designers' ids (their name, picture, badge, specializations or software show on
-- their services), or '*' when a statement changed more than 100 (pg_notify's payload is limited; all is read again).
CREATE OR REPLACE FUNCTION catalogue_notify(p_kind text, p_ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN RETURN; END IF;
  PERFORM pg_notify('cusp_catalogue', CASE WHEN cardinality(p_ids) > 100 THEN '*' ELSE p_kind || ':' || array_to_string(p_ids, ',') END);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION services_catalogue_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(id::text) INTO ids FROM (SELECT id FROM old_rows LIMIT 101) x;
  ELSE
    SELECT array_agg(id::text) INTO ids FROM (SELECT id FROM new_rows LIMIT 101) x;
  END IF;
  PERFORM catalogue_notify('s', ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER services_catalogue_insert AFTER INSERT ON services REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION services_catalogue_notify();
--> statement-breakpoint
CREATE TRIGGER services_catalogue_update AFTER UPDATE ON services REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION services_catalogue_notify();
--> statement-breakpoint
CREATE TRIGGER services_catalogue_delete AFTER DELETE ON services REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION services_catalogue_notify();
--> statement-breakpoint
-- Users: only when what a service shows of its designer changed (a login, a password, a balance do not).
CREATE OR REPLACE FUNCTION users_catalogue_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  SELECT array_agg(id::text) INTO ids FROM (
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.username, n.image, n.is_verified, n.specializations, n.cad_software) IS DISTINCT FROM (o.username, o.image, o.is_verified, o.specializations, o.cad_software)
    LIMIT 101
  ) x;
  PERFORM catalogue_notify('d', ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_catalogue_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION users_catalogue_notify();
