-- Accent-insensitive contact search (decision 040): 'ngoc' finds 'Ngọc', 'jose' finds 'José'.
-- unaccent is a trusted extension (a database owner may create it); PGlite ships it and loads it
-- when its constructor names it (PGLITE_EXTENSIONS). unaccent() itself is only STABLE (its
-- dictionary could change), so an index cannot use it: this wrapper names the dictionary with its
-- schema and is declared IMMUTABLE, the documented way to index it. The trigram indexes move from
-- the raw columns to the unaccented ones; ILIKE on them stays case-insensitive.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_email_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_message_trgm_idx";--> statement-breakpoint
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING gin (immutable_unaccent("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_email_trgm_idx" ON "contacts" USING gin (immutable_unaccent("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_message_trgm_idx" ON "contacts" USING gin (immutable_unaccent("message") gin_trgm_ops);
