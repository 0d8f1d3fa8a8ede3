ALTER TABLE "submissions" ADD COLUMN IF NOT EXISTS "total_excl_tax" bigint;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN IF NOT EXISTS "tax_total" bigint;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN IF NOT EXISTS "total" bigint;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN IF NOT EXISTS "currency" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN IF NOT EXISTS "due_date" date;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN IF NOT EXISTS "buyer_name" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN IF NOT EXISTS "buyer_siren" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN IF NOT EXISTS "buyer_vat_id" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN IF NOT EXISTS "lifecycle_code" smallint;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN IF NOT EXISTS "lifecycle_occurred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN IF NOT EXISTS "updated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "submissions_tenant_issue_date_idx" ON "submissions" USING btree ("tenant_id","issue_date","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "submissions_tenant_number_idx" ON "submissions" USING btree ("tenant_id",("number" collate "C"),"id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "submissions_tenant_buyer_name_idx" ON "submissions" USING btree ("tenant_id",(lower("buyer_name") collate "C"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "submissions_tenant_buyer_siren_idx" ON "submissions" USING btree ("tenant_id","buyer_siren") WHERE "submissions"."buyer_siren" is not null;
--> statement-breakpoint
-- What lists, filters and the console show (every statement may run again: IF NOT EXISTS, OR REPLACE,
-- for databases that ran a development version of it) (docs/console.md): the totals, currency, due date and
-- buyer of each submission, written with the row; the latest lifecycle status and the time of the
-- last change, kept by triggers so that every writer of a status or a state keeps them right.

-- The latest status of every submission given statuses by a statement, and its change time. One
-- UPDATE per statement (a transition table), not one per row. An out-of-order status (older than the
-- latest) changes only updated_at; ties of occurred_at go to the newer row, as the latest status
-- read (src/domain/submissions/read/latest-status.ts) orders them.
CREATE OR REPLACE FUNCTION passerelle_lifecycle_latest() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE submissions s
    SET lifecycle_code = CASE WHEN s.lifecycle_occurred_at IS NULL OR n.occurred_at >= s.lifecycle_occurred_at
          THEN n.code ELSE s.lifecycle_code END,
        lifecycle_occurred_at = GREATEST(s.lifecycle_occurred_at, n.occurred_at),
        updated_at = GREATEST(now(), s.created_at)
    FROM (SELECT DISTINCT ON (a.submission_id) a.submission_id, a.code, a.occurred_at
            FROM added a ORDER BY a.submission_id, a.occurred_at DESC, a.id DESC) n
    WHERE s.id = n.submission_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS lifecycle_statuses_latest ON lifecycle_statuses;
--> statement-breakpoint
CREATE TRIGGER lifecycle_statuses_latest AFTER INSERT ON lifecycle_statuses
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION passerelle_lifecycle_latest();
--> statement-breakpoint
-- A change of processing state (pipeline, sender, a rejecting status) dates the row.
CREATE OR REPLACE FUNCTION passerelle_processing_state_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := GREATEST(now(), NEW.created_at);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS submissions_processing_state_changed ON submissions;
--> statement-breakpoint
CREATE TRIGGER submissions_processing_state_changed BEFORE UPDATE OF processing_state ON submissions
  FOR EACH ROW WHEN (OLD.processing_state IS DISTINCT FROM NEW.processing_state)
  EXECUTE FUNCTION passerelle_processing_state_changed();
--> statement-breakpoint
-- Rows written before this migration: the latest status and the last change from what is stored.
UPDATE submissions s SET lifecycle_code = l.code, lifecycle_occurred_at = l.occurred_at
  FROM (SELECT DISTINCT ON (submission_id) submission_id, code, occurred_at
          FROM lifecycle_statuses ORDER BY submission_id, occurred_at DESC, id DESC) l
  WHERE s.id = l.submission_id;
--> statement-breakpoint
UPDATE submissions s SET updated_at = e.at
  FROM (SELECT submission_id, max(created_at) AS at FROM submission_events
          WHERE type <> 'received' GROUP BY submission_id) e
  WHERE s.id = e.submission_id AND e.at > s.created_at;
--> statement-breakpoint
-- Their summary from the stored body, read as the mapping reads it (src/domain/submissions/summary.ts;
-- the buyer's SIREN as src/einvoice/buyer.ts finds it). Values that do not read as the types (none
-- should: every body passed the structural check) are left null rather than failing the migration.
CREATE OR REPLACE FUNCTION passerelle_migration_0017_int(v jsonb) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(v) = 'number' AND v::text ~ '^-?[0-9]{1,18}$' THEN v::text::bigint END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION passerelle_migration_0017_date(v text) RETURNS date LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN CASE WHEN v ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' THEN v::date END;
EXCEPTION WHEN others THEN
  RETURN NULL;
END;
$$;
--> statement-breakpoint
UPDATE submissions s SET
    total_excl_tax = passerelle_migration_0017_int(x.b->'total_excl_tax'),
    tax_total = passerelle_migration_0017_int(x.b->'tax_total'),
    total = passerelle_migration_0017_int(x.b->'total'),
    currency = x.b->>'currency',
    due_date = passerelle_migration_0017_date(x.b->>'due_date'),
    buyer_name = x.b->'customer_snapshot'->>'name',
    buyer_siren = COALESCE(
      (SELECT t->>'value' FROM jsonb_array_elements(x.ids) t WHERE lower(t->>'type') IN ('siren', 'fr_siren') LIMIT 1),
      (SELECT left(t->>'value', 9) FROM jsonb_array_elements(x.ids) t
        WHERE lower(t->>'type') IN ('siret', 'fr_siret') AND t->>'value' ~ '^[0-9]{14}$' LIMIT 1),
      (SELECT substr(t->>'value', 5) FROM jsonb_array_elements(x.ids) t
        WHERE lower(t->>'type') IN ('eu_vat', 'fr_vat', 'vat') AND t->>'value' ~ '^FR[0-9A-Z]{2}[0-9]{9}$' LIMIT 1)),
    buyer_vat_id = (SELECT t->>'value' FROM jsonb_array_elements(x.ids) t WHERE lower(t->>'type') IN ('eu_vat', 'fr_vat', 'vat') LIMIT 1)
  FROM (SELECT id, body::jsonb AS b,
          CASE WHEN jsonb_typeof(body::jsonb->'customer_snapshot'->'tax_ids') = 'array'
            THEN body::jsonb->'customer_snapshot'->'tax_ids' ELSE '[]'::jsonb END AS ids
          FROM submissions) x
  WHERE s.id = x.id;
--> statement-breakpoint
UPDATE submissions s SET buyer_name = o.buyer_name, buyer_siren = o.buyer_siren, buyer_vat_id = o.buyer_vat_id
  FROM submissions o WHERE s.document_type = 'credit_note' AND o.id = s.origin_submission_id;
--> statement-breakpoint
DROP FUNCTION passerelle_migration_0017_int(jsonb);
--> statement-breakpoint
DROP FUNCTION passerelle_migration_0017_date(text);

--> statement-breakpoint
-- A development version of this migration had the summary without the seller (14 arguments and the
-- summary): never released, dropped where it ran.
DROP FUNCTION IF EXISTS passerelle_submit_item(uuid, uuid, document_type, text, text, date, uuid, text, date, text, text,
  timestamptz, text, text, json);
--> statement-breakpoint
-- The write path writes the summary with the row: a 16th argument of the item (its 15-argument
-- version of 0015 stays, for instances of earlier versions during an upgrade), a `summary` member of
-- each batch item (the batch keeps its signature; an earlier instance's items have none: null columns).
CREATE OR REPLACE FUNCTION passerelle_submit_item(
  p_id uuid,
  p_tenant_id uuid,
  p_document_type document_type,
  p_saas_id text,
  p_number text,
  p_seller_siren text,
  p_issue_date date,
  p_origin_submission_id uuid,
  p_preceding_invoice_number text,
  p_preceding_invoice_date date,
  p_body text,
  p_body_sha256 text,
  p_created_at timestamptz,
  p_key text,
  p_request_hash text,
  p_summary json
) RETURNS TABLE (outcome text, submission_id uuid, event_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_hash text;
  v_submission uuid;
  v_event bigint;
BEGIN
  IF p_key IS NOT NULL THEN
    SELECT k.request_hash, k.submission_id INTO v_hash, v_submission
      FROM idempotency_keys k WHERE k.tenant_id = p_tenant_id AND k.key = p_key;
    IF FOUND THEN
      RETURN QUERY SELECT CASE WHEN v_hash = p_request_hash THEN 'replayed' ELSE 'idempotency_conflict' END,
        CASE WHEN v_hash = p_request_hash THEN v_submission END, NULL::bigint;
      RETURN;
    END IF;
  END IF;

  INSERT INTO submissions (id, tenant_id, document_type, saas_id, number, seller_siren, processing_state, issue_date,
      origin_submission_id, preceding_invoice_number, preceding_invoice_date, body, body_sha256, created_at,
      total_excl_tax, tax_total, total, currency, due_date, buyer_name, buyer_siren, buyer_vat_id)
    VALUES (p_id, p_tenant_id, p_document_type, p_saas_id, p_number, p_seller_siren, 'received', p_issue_date,
      p_origin_submission_id, p_preceding_invoice_number, p_preceding_invoice_date, p_body, p_body_sha256, p_created_at,
      (p_summary->>'total_excl_tax')::bigint, (p_summary->>'tax_total')::bigint, (p_summary->>'total')::bigint,
      p_summary->>'currency', (p_summary->>'due_date')::date, p_summary->>'buyer_name', p_summary->>'buyer_siren',
      p_summary->>'buyer_vat_id')
    ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    -- A concurrent request with the same key may have won the race (it committed before our insert went on).
    IF p_key IS NOT NULL THEN
      SELECT k.request_hash, k.submission_id INTO v_hash, v_submission
        FROM idempotency_keys k WHERE k.tenant_id = p_tenant_id AND k.key = p_key;
      IF FOUND THEN
        RETURN QUERY SELECT CASE WHEN v_hash = p_request_hash THEN 'replayed' ELSE 'idempotency_conflict' END,
          CASE WHEN v_hash = p_request_hash THEN v_submission END, NULL::bigint;
        RETURN;
      END IF;
    END IF;
    SELECT s.id INTO v_submission FROM submissions s
      WHERE s.tenant_id = p_tenant_id AND s.document_type = p_document_type
        AND ((s.seller_siren = p_seller_siren AND s.number = p_number) OR s.saas_id = p_saas_id)
      ORDER BY (s.seller_siren = p_seller_siren AND s.number = p_number) DESC LIMIT 1;
    RETURN QUERY SELECT 'duplicate', v_submission, NULL::bigint;
    RETURN;
  END IF;

  IF p_key IS NOT NULL THEN
    INSERT INTO idempotency_keys (tenant_id, key, request_hash, submission_id)
      VALUES (p_tenant_id, p_key, p_request_hash, p_id)
      ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      -- Nothing references the row yet: removing it leaves the item as if it never ran.
      DELETE FROM submissions s WHERE s.tenant_id = p_tenant_id AND s.id = p_id;
      RETURN QUERY SELECT 'key_taken', NULL::uuid, NULL::bigint;
      RETURN;
    END IF;
  END IF;

  INSERT INTO submission_events (tenant_id, submission_id, type, processing_state)
    VALUES (p_tenant_id, p_id, 'received', 'received')
    RETURNING id INTO v_event;
  RETURN QUERY SELECT 'accepted', p_id, v_event;
END;
$$;
--> statement-breakpoint
-- Legacy (see above): the item with a seller and without a summary (0015), for instances of earlier
-- versions during a rolling upgrade: the same item, its summary columns left null.
CREATE OR REPLACE FUNCTION passerelle_submit_item(
  p_id uuid,
  p_tenant_id uuid,
  p_document_type document_type,
  p_saas_id text,
  p_number text,
  p_seller_siren text,
  p_issue_date date,
  p_origin_submission_id uuid,
  p_preceding_invoice_number text,
  p_preceding_invoice_date date,
  p_body text,
  p_body_sha256 text,
  p_created_at timestamptz,
  p_key text,
  p_request_hash text
) RETURNS TABLE (outcome text, submission_id uuid, event_id bigint)
LANGUAGE sql AS $$
  SELECT * FROM passerelle_submit_item(p_id, p_tenant_id, p_document_type, p_saas_id, p_number, p_seller_siren,
    p_issue_date, p_origin_submission_id, p_preceding_invoice_number, p_preceding_invoice_date, p_body, p_body_sha256,
    p_created_at, p_key, p_request_hash, NULL::json)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION passerelle_submit_batch(p_items json, p_bodies text)
RETURNS TABLE (ord bigint, outcome text, submission_id uuid, event_id bigint)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  r record;
  v_ord bigint := 0;
  v_bodies text[] := string_to_array(p_bodies, E'\x1e');
  v_ids uuid[];
  v_events bigint[];
BEGIN
  IF cardinality(v_bodies) <> json_array_length(p_items) THEN
    RAISE EXCEPTION 'passerelle_submit_batch: % items but % bodies', json_array_length(p_items), cardinality(v_bodies);
  END IF;

  BEGIN
    WITH i AS (
      SELECT t.*, v_bodies[t.n] AS body
        FROM ROWS FROM (json_to_recordset(p_items) AS (id uuid, tenant_id uuid, document_type document_type,
          saas_id text, number text, seller_siren text, issue_date date, origin_submission_id uuid, preceding_invoice_number text,
          preceding_invoice_date date, body_sha256 text, created_at timestamptz, key text, request_hash text, summary json))
        WITH ORDINALITY AS t(id, tenant_id, document_type, saas_id, number, seller_siren, issue_date, origin_submission_id,
          preceding_invoice_number, preceding_invoice_date, body_sha256, created_at, key, request_hash, summary, n)
    ), s AS (
      INSERT INTO submissions (id, tenant_id, document_type, saas_id, number, seller_siren, processing_state, issue_date,
          origin_submission_id, preceding_invoice_number, preceding_invoice_date, body, body_sha256, created_at,
          total_excl_tax, tax_total, total, currency, due_date, buyer_name, buyer_siren, buyer_vat_id)
        SELECT id, tenant_id, document_type, saas_id, number, seller_siren, 'received', issue_date, origin_submission_id,
            preceding_invoice_number, preceding_invoice_date, body, body_sha256, created_at,
            (summary->>'total_excl_tax')::bigint, (summary->>'tax_total')::bigint, (summary->>'total')::bigint,
            summary->>'currency', (summary->>'due_date')::date, summary->>'buyer_name', summary->>'buyer_siren',
            summary->>'buyer_vat_id'
          FROM i ORDER BY n
    ), k AS (
      INSERT INTO idempotency_keys (tenant_id, key, request_hash, submission_id)
        SELECT tenant_id, key, request_hash, id FROM i WHERE key IS NOT NULL ORDER BY n
    ), e AS (
      -- In item order, so event ids grow with the items as they would one by one.
      INSERT INTO submission_events (tenant_id, submission_id, type, processing_state)
        SELECT tenant_id, id, 'received', 'received' FROM i ORDER BY n
        RETURNING id, submission_id
    )
    SELECT array_agg(i.id ORDER BY i.n), array_agg(e.id ORDER BY i.n) INTO v_ids, v_events
      FROM i JOIN e ON e.submission_id = i.id;
  EXCEPTION WHEN unique_violation THEN
    v_ids := NULL;
  END;

  IF v_ids IS NOT NULL THEN
    RETURN QUERY SELECT u.n, 'accepted'::text, u.id, u.event
      FROM unnest(v_ids, v_events) WITH ORDINALITY AS u(id, event, n);
    RETURN;
  END IF;

  FOR r IN
    SELECT * FROM json_to_recordset(p_items) AS i(id uuid, tenant_id uuid,
      document_type document_type, saas_id text, number text, seller_siren text, issue_date date, origin_submission_id uuid,
      preceding_invoice_number text, preceding_invoice_date date, body_sha256 text,
      created_at timestamptz, key text, request_hash text, summary json)
  LOOP
    v_ord := v_ord + 1;
    RETURN QUERY SELECT v_ord, s.outcome, s.submission_id, s.event_id
      FROM passerelle_submit_item(r.id, r.tenant_id, r.document_type, r.saas_id, r.number, r.seller_siren, r.issue_date,
        r.origin_submission_id, r.preceding_invoice_number, r.preceding_invoice_date, v_bodies[v_ord], r.body_sha256,
        r.created_at, r.key, r.request_hash, r.summary) s;
  END LOOP;
END;
$$;
