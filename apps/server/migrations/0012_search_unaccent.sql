-- Searches ignore accents and apostrophe style (lib/search.ts): "gia aperto" finds "già aperto",
-- "Dell'Amico" finds "Dell’Amico". `unaccent` ships with PostgreSQL (postgresql-contrib) and PGlite;
-- its function is only STABLE (it reads a dictionary), so an IMMUTABLE wrapper naming the dictionary
-- lets the trigram indexes be built on the search expression.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE FUNCTION "f_unaccent"(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT public.unaccent('public.unaccent'::regdictionary, translate($1, '’‘`´', ''''''''''))
$$;--> statement-breakpoint
DROP INDEX "blocchi_search_trgm_idx";--> statement-breakpoint
DROP INDEX "photos_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "blocchi_search_trgm_idx" ON "blocchi" USING gin ((f_unaccent(("codice" || chr(1) || coalesce("numero_fornitore", '') || chr(1) || coalesce("codice_tracciabilita", '') || chr(1) || coalesce("note", '')))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "photos_search_trgm_idx" ON "photos" USING gin ((f_unaccent(coalesce("codice", '') || ' ' || coalesce("description", ''))) gin_trgm_ops);