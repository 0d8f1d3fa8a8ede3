-- The generated e-invoices (UBL and CII, several KB each, past the 2 KB at
-- which PostgreSQL compresses a value) are compressed with lz4 instead of
-- pglz, as the submission bodies are (0009); the time it saves per pipeline
-- document is in docs/performance.md. Rows written before keep pglz and read
-- as before. A server built without lz4 (PGlite) keeps pglz.
DO $$
BEGIN
  ALTER TABLE submission_documents ALTER COLUMN ubl SET COMPRESSION lz4, ALTER COLUMN cii SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END
$$;
