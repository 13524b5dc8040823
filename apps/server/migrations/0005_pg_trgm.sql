-- Trigram matching for the text search of the block lists (ILIKE '%…%' served by a GIN index).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
