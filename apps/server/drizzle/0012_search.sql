-- Search (docs/decisions/0031): word forms through English stems next to the words as typed, typing
-- mistakes through trigram similarity against the catalogue's vocabulary (search_words, kept by the triggers below),
-- which also gives "did you mean"; an index for sort=rating. pg_trgm ships with PostgreSQL (a trusted extension
-- since 13: the database owner may create it) and with PGlite (loaded in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "search_words" (
	"kind" text NOT NULL,
	"word" text NOT NULL,
	"documents" integer NOT NULL,
	CONSTRAINT "search_words_kind_word_pk" PRIMARY KEY("kind","word")
);
--> statement-breakpoint
ALTER TABLE "users" drop column "search";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(username, '') || ' ' || coalesce(description, '') || ' ' || immutable_array_to_string(specializations)) || to_tsvector('simple', coalesce(username, '') || ' ' || coalesce(description, '') || ' ' || immutable_array_to_string(specializations))) STORED;--> statement-breakpoint
ALTER TABLE "services" drop column "search";--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')) || to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('english', immutable_array_to_string(tags)) || to_tsvector('simple', immutable_array_to_string(tags)), 'B') || setweight(to_tsvector('english', coalesce(description, '')) || to_tsvector('simple', coalesce(description, '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "courses" drop column "search";--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')) || to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('english', immutable_array_to_string(tags)) || to_tsvector('simple', immutable_array_to_string(tags)), 'B') || setweight(to_tsvector('english', coalesce(description, '')) || to_tsvector('simple', coalesce(description, '')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "services_rating_idx" ON "services" USING btree ((total_stars::real / greatest(star_number, 1)),"star_number","created_at");
--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search");--> statement-breakpoint
CREATE INDEX "services_search_idx" ON "services" USING gin ("search");--> statement-breakpoint
CREATE INDEX "courses_search_idx" ON "courses" USING gin ("search");--> statement-breakpoint
-- The words of a text as the vocabulary keeps them: lower-cased as typed ('simple'), 3 to 40 characters, letters only.
CREATE OR REPLACE FUNCTION search_words_of(body text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lexeme FROM unnest(to_tsvector('simple', body)) WHERE char_length(lexeme) BETWEEN 3 AND 40 AND lexeme !~ '[[:digit:][:punct:]]'
$$;
--> statement-breakpoint
-- Adds one document to every word of p_added and takes one from every word of p_removed (one entry per document and
-- word); a word no document holds any more is deleted. Rows are written in word order, so that two writers lock them
-- in the same order.
CREATE OR REPLACE FUNCTION search_words_change(p_kind text, p_added text[], p_removed text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  emptied text[];
BEGIN
  WITH deltas AS (
    SELECT word, sum(delta)::int AS delta
    FROM (SELECT unnest(p_added) AS word, 1 AS delta UNION ALL SELECT unnest(p_removed), -1) d
    GROUP BY word
    HAVING sum(delta) <> 0
  ), written AS (
    INSERT INTO search_words AS s (kind, word, documents)
    SELECT p_kind, word, delta FROM deltas ORDER BY word
    ON CONFLICT (kind, word) DO UPDATE SET documents = s.documents + excluded.documents
    RETURNING s.word, s.documents
  )
  SELECT array_agg(word) INTO emptied FROM written WHERE documents <= 0;
  IF emptied IS NOT NULL THEN
    DELETE FROM search_words WHERE kind = p_kind AND word = ANY (emptied);
  END IF;
END $$;
--> statement-breakpoint
-- Visible services: title, tags and description. An update counts only rows whose words or visibility changed (a sale
-- or a review changes neither).
CREATE OR REPLACE FUNCTION services_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text[];
  removed text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(w) INTO added FROM new_rows n, search_words_of(n.title || ' ' || immutable_array_to_string(n.tags) || ' ' || n.description) w WHERE NOT n.hidden;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(w) INTO removed FROM old_rows o, search_words_of(o.title || ' ' || immutable_array_to_string(o.tags) || ' ' || o.description) w WHERE NOT o.hidden;
  ELSE
    SELECT array_agg(w) INTO added
    FROM new_rows n JOIN old_rows o ON o.id = n.id, search_words_of(n.title || ' ' || immutable_array_to_string(n.tags) || ' ' || n.description) w
    WHERE NOT n.hidden AND (n.title, n.tags, n.description, n.hidden) IS DISTINCT FROM (o.title, o.tags, o.description, o.hidden);
    SELECT array_agg(w) INTO removed
    FROM old_rows o JOIN new_rows n ON n.id = o.id, search_words_of(o.title || ' ' || immutable_array_to_string(o.tags) || ' ' || o.description) w
    WHERE NOT o.hidden AND (n.title, n.tags, n.description, n.hidden) IS DISTINCT FROM (o.title, o.tags, o.description, o.hidden);
  END IF;
  PERFORM search_words_change('service', coalesce(added, '{}'), coalesce(removed, '{}'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER services_search_words_insert AFTER INSERT ON services REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION services_search_words();
--> statement-breakpoint
CREATE TRIGGER services_search_words_update AFTER UPDATE ON services REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION services_search_words();
--> statement-breakpoint
CREATE TRIGGER services_search_words_delete AFTER DELETE ON services REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION services_search_words();
--> statement-breakpoint
-- Courses: title, tags and description.
CREATE OR REPLACE FUNCTION courses_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text[];
  removed text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(w) INTO added FROM new_rows n, search_words_of(n.title || ' ' || immutable_array_to_string(n.tags) || ' ' || n.description) w;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(w) INTO removed FROM old_rows o, search_words_of(o.title || ' ' || immutable_array_to_string(o.tags) || ' ' || o.description) w;
  ELSE
    SELECT array_agg(w) INTO added
    FROM new_rows n JOIN old_rows o ON o.id = n.id, search_words_of(n.title || ' ' || immutable_array_to_string(n.tags) || ' ' || n.description) w
    WHERE (n.title, n.tags, n.description) IS DISTINCT FROM (o.title, o.tags, o.description);
    SELECT array_agg(w) INTO removed
    FROM old_rows o JOIN new_rows n ON n.id = o.id, search_words_of(o.title || ' ' || immutable_array_to_string(o.tags) || ' ' || o.description) w
    WHERE (n.title, n.tags, n.description) IS DISTINCT FROM (o.title, o.tags, o.description);
  END IF;
  PERFORM search_words_change('course', coalesce(added, '{}'), coalesce(removed, '{}'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER courses_search_words_insert AFTER INSERT ON courses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION courses_search_words();
--> statement-breakpoint
CREATE TRIGGER courses_search_words_update AFTER UPDATE ON courses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION courses_search_words();
--> statement-breakpoint
CREATE TRIGGER courses_search_words_delete AFTER DELETE ON courses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION courses_search_words();
--> statement-breakpoint
-- Designers (not deleted accounts): name, bio and specializations.
CREATE OR REPLACE FUNCTION users_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text[];
  removed text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(w) INTO added FROM new_rows n, search_words_of(n.username || ' ' || coalesce(n.description, '') || ' ' || immutable_array_to_string(n.specializations)) w
    WHERE n.is_designer AND n.deleted_at IS NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(w) INTO removed FROM old_rows o, search_words_of(o.username || ' ' || coalesce(o.description, '') || ' ' || immutable_array_to_string(o.specializations)) w
    WHERE o.is_designer AND o.deleted_at IS NULL;
  ELSE
    SELECT array_agg(w) INTO added
    FROM new_rows n JOIN old_rows o ON o.id = n.id, search_words_of(n.username || ' ' || coalesce(n.description, '') || ' ' || immutable_array_to_string(n.specializations)) w
    WHERE n.is_designer AND n.deleted_at IS NULL
      AND (n.username, n.description, n.specializations, n.is_designer, n.deleted_at IS NULL) IS DISTINCT FROM (o.username, o.description, o.specializations, o.is_designer, o.deleted_at IS NULL);
    SELECT array_agg(w) INTO removed
    FROM old_rows o JOIN new_rows n ON n.id = o.id, search_words_of(o.username || ' ' || coalesce(o.description, '') || ' ' || immutable_array_to_string(o.specializations)) w
    WHERE o.is_designer AND o.deleted_at IS NULL
      AND (n.username, n.description, n.specializations, n.is_designer, n.deleted_at IS NULL) IS DISTINCT FROM (o.username, o.description, o.specializations, o.is_designer, o.deleted_at IS NULL);
  END IF;
  PERFORM search_words_change('designer', coalesce(added, '{}'), coalesce(removed, '{}'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_search_words_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION users_search_words();
--> statement-breakpoint
CREATE TRIGGER users_search_words_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION users_search_words();
--> statement-breakpoint
CREATE TRIGGER users_search_words_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_search_words();
--> statement-breakpoint
-- The vocabulary of what is already there.
INSERT INTO search_words (kind, word, documents)
SELECT 'service', w, count(*) FROM services s, search_words_of(s.title || ' ' || immutable_array_to_string(s.tags) || ' ' || s.description) w WHERE NOT s.hidden GROUP BY w
UNION ALL
SELECT 'course', w, count(*) FROM courses c, search_words_of(c.title || ' ' || immutable_array_to_string(c.tags) || ' ' || c.description) w GROUP BY w
UNION ALL
SELECT 'designer', w, count(*) FROM users u, search_words_of(u.username || ' ' || coalesce(u.description, '') || ' ' || immutable_array_to_string(u.specializations)) w
WHERE u.is_designer AND u.deleted_at IS NULL GROUP BY w;
