-- The dashboard's per-day counts (docs/console.md, "The per-day rollup"): how many documents of a tenant
-- and seller created on a day (France, Europe/Paris) stand in each processing state with each latest
-- lifecycle code, kept by triggers on every write of `submissions`, so the dashboard reads at most a few
-- rows per day instead of every document of the range.
--
-- Why two tables: every submission of a tenant created today counts in the same few rows, so the writes
-- of many transactions meet there. Adding to a count locks its row until commit; a transaction that did
-- it statement by statement would hold some rows while asking for others (a submit batch, then the
-- pipeline's finish, then a status's nested update), in an order no one chose, and two such
-- transactions can deadlock. So each statement only appends its changes, summed per key, to
-- `submission_days_pending` (an insert locks nothing anyone else wants), and a deferred trigger folds the
-- transaction's pending changes into `submission_days` once, at commit, in key order: every transaction
-- takes these locks in one sweep, in one global order, and holds them only while it commits.
--
-- The keys: `seller_siren` '' for a document that waits for its tenant's first seller (null in
-- `submissions`), `lifecycle_code` 0 for a document without a lifecycle status yet (codes are 200 and up).
CREATE TABLE IF NOT EXISTS "submission_days" (
  "tenant_id" uuid NOT NULL,
  "day" date NOT NULL,
  "seller_siren" text NOT NULL,
  "processing_state" processing_state NOT NULL,
  "lifecycle_code" smallint NOT NULL,
  "count" integer NOT NULL,
  PRIMARY KEY ("tenant_id", "day", "seller_siren", "processing_state", "lifecycle_code")
);
--> statement-breakpoint
-- Rows live only inside the transaction that wrote them (the fold deletes them before commit), so the
-- table needs no WAL: unlogged, emptied by a crash that could only have lost uncommitted rows.
CREATE UNLOGGED TABLE IF NOT EXISTS "submission_days_pending" (
  "xact" xid8 NOT NULL DEFAULT pg_current_xact_id(),
  "tenant_id" uuid NOT NULL,
  "day" date NOT NULL,
  "seller_siren" text NOT NULL,
  "processing_state" processing_state NOT NULL,
  "lifecycle_code" smallint NOT NULL,
  "delta" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "submission_days_pending_xact_idx" ON "submission_days_pending" USING btree ("xact");
--> statement-breakpoint
-- New rows count +1 under their key (the submit functions insert `received` without a status; any other
-- writer is counted as it wrote).
CREATE OR REPLACE FUNCTION passerelle_submission_days_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO submission_days_pending (tenant_id, day, seller_siren, processing_state, lifecycle_code, delta)
    SELECT a.tenant_id, (a.created_at AT TIME ZONE 'Europe/Paris')::date, COALESCE(a.seller_siren, ''),
        a.processing_state, COALESCE(a.lifecycle_code, 0), count(*)::int
      FROM added a GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A row whose key changed (a new processing state, a new latest code, a seller given to a waiting
-- document) moves: -1 under its old key, +1 under its new one, summed per key. Updates that change no
-- key (the pipeline's leases, a status older than the latest) add nothing.
CREATE OR REPLACE FUNCTION passerelle_submission_days_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO submission_days_pending (tenant_id, day, seller_siren, processing_state, lifecycle_code, delta)
    SELECT k.tenant_id, k.day, k.seller_siren, k.processing_state, k.lifecycle_code, sum(k.delta)::int
      FROM old_rows o JOIN new_rows n ON n.id = o.id
        CROSS JOIN LATERAL (VALUES
          (o.tenant_id, (o.created_at AT TIME ZONE 'Europe/Paris')::date, COALESCE(o.seller_siren, ''), o.processing_state,
            COALESCE(o.lifecycle_code, 0), -1),
          (n.tenant_id, (n.created_at AT TIME ZONE 'Europe/Paris')::date, COALESCE(n.seller_siren, ''), n.processing_state,
            COALESCE(n.lifecycle_code, 0), 1)
        ) AS k(tenant_id, day, seller_siren, processing_state, lifecycle_code, delta)
      WHERE (o.tenant_id, o.created_at, o.seller_siren, o.processing_state, o.lifecycle_code)
        IS DISTINCT FROM (n.tenant_id, n.created_at, n.seller_siren, n.processing_state, n.lifecycle_code)
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(k.delta) <> 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A removed row counts -1 (the submit function removes its own row when another request took its key).
CREATE OR REPLACE FUNCTION passerelle_submission_days_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO submission_days_pending (tenant_id, day, seller_siren, processing_state, lifecycle_code, delta)
    SELECT r.tenant_id, (r.created_at AT TIME ZONE 'Europe/Paris')::date, COALESCE(r.seller_siren, ''),
        r.processing_state, COALESCE(r.lifecycle_code, 0), -count(*)::int
      FROM removed r GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION passerelle_submission_days_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM submission_days;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The fold, at commit: the transaction's pending changes, summed per key, added in key order (see the
-- header). The first firing of a transaction folds everything; the others find nothing left.
CREATE OR REPLACE FUNCTION passerelle_submission_days_fold() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS (
    DELETE FROM submission_days_pending p WHERE p.xact = pg_current_xact_id()
      RETURNING p.tenant_id, p.day, p.seller_siren, p.processing_state, p.lifecycle_code, p.delta
  )
  INSERT INTO submission_days AS c (tenant_id, day, seller_siren, processing_state, lifecycle_code, count)
    SELECT d.tenant_id, d.day, d.seller_siren, d.processing_state, d.lifecycle_code, sum(d.delta)::int
      FROM d GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.delta) <> 0
      ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (tenant_id, day, seller_siren, processing_state, lifecycle_code)
      DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS submission_days_pending_fold ON submission_days_pending;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER submission_days_pending_fold AFTER INSERT ON submission_days_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION passerelle_submission_days_fold();
--> statement-breakpoint
DROP TRIGGER IF EXISTS submissions_days_inserted ON submissions;
--> statement-breakpoint
CREATE TRIGGER submissions_days_inserted AFTER INSERT ON submissions
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION passerelle_submission_days_inserted();
--> statement-breakpoint
DROP TRIGGER IF EXISTS submissions_days_updated ON submissions;
--> statement-breakpoint
CREATE TRIGGER submissions_days_updated AFTER UPDATE ON submissions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION passerelle_submission_days_updated();
--> statement-breakpoint
DROP TRIGGER IF EXISTS submissions_days_deleted ON submissions;
--> statement-breakpoint
CREATE TRIGGER submissions_days_deleted AFTER DELETE ON submissions
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION passerelle_submission_days_deleted();
--> statement-breakpoint
DROP TRIGGER IF EXISTS submissions_days_truncated ON submissions;
--> statement-breakpoint
CREATE TRIGGER submissions_days_truncated AFTER TRUNCATE ON submissions
  FOR EACH STATEMENT EXECUTE FUNCTION passerelle_submission_days_truncated();
--> statement-breakpoint
-- The rows already there, counted once. The migration runs in one transaction and creating the triggers
-- above locked `submissions` against writes, so no write falls between the triggers and this count.
DELETE FROM submission_days;
--> statement-breakpoint
INSERT INTO submission_days (tenant_id, day, seller_siren, processing_state, lifecycle_code, count)
  SELECT s.tenant_id, (s.created_at AT TIME ZONE 'Europe/Paris')::date, COALESCE(s.seller_siren, ''), s.processing_state,
      COALESCE(s.lifecycle_code, 0), count(*)::int
    FROM submissions s GROUP BY 1, 2, 3, 4, 5;
