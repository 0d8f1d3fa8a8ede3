-- The submission write path as it runs today, in one readable place.
--
-- The migrations that shipped these functions stay as they are (0004, 0007,
-- 0008, 0010: each replaced or wrapped an earlier version). This file holds
-- the CURRENT definition of every passerelle_submit* function, in the order
-- a reader needs them. test/integration/sql-functions.test.ts applies it to
-- a freshly migrated database and checks that it changes no definition
-- (pg_get_functiondef before and after) and defines exactly the functions
-- that exist, so it cannot drift from what the migrations install. It is
-- documentation checked by a test; migrations remain the only way a change
-- reaches a database (a change here means a new migration with the same
-- text).
--
-- Idempotency (Idempotency-Key, spec § POST /v1/invoices) in one place:
-- * The key record (idempotency_keys) is written in the same statement as
--   the submission it points to, so a refused request (422, 409) never
--   consumes its key.
-- * Its request_hash is '<document type>:<SHA-256 of the body bytes>'. The
--   same key with the same hash replays the original submission
--   ('replayed'); with another hash this function reports
--   'idempotency_conflict'. The application then compares the two
--   documents as JSON values (src/domain/submissions/submission-service.ts,
--   keyConflict): same document in other bytes (key order, whitespace)
--   is still a replay; anything else is 409 idempotency-conflict.
-- * Duplicates (same number for the seller, or same SaaS id for the tenant,
--   and the document type) are decided by the unique indexes, never by a
--   read-then-write check.
-- * 'key_taken': a concurrent request took the key for another document
--   between our check and our insert; the item undoes its own row.
--
-- Which function runs:
-- * passerelle_submit_batch(json, text): the group commit of every gateway
--   instance of this version (src/domain/submissions/write.ts). A batch of
--   new items is written set-based; any collision sends the items through
--   passerelle_submit_item one by one.
-- * passerelle_submit_item (16 arguments, the last the summary: totals,
--   currency, due date, buyer, migration 0017): one item, all outcomes; also
--   the fallback above. Each batch item carries its summary as `summary`.
-- * Legacy, called by no code of this version: the item without a summary
--   (0015), the item without a seller (before 0015), passerelle_submit (0004's
--   single-call contract, raising GW409 on key_taken) and
--   passerelle_submit_batch(json) (0007, bodies inside the items). They stay
--   so that instances of earlier versions keep working during a rolling
--   upgrade. Planned: a migration dropping both once no instance older than
--   0.1.0 (the release that shipped 0008's two-argument batch) can run
--   against the database; see docs/ARCHITECTURE.md, "Database functions".

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
-- Legacy (see above): the item without a seller, for writers of earlier versions (the trigger
-- submissions_default_seller gives their rows the tenant's default seller).
CREATE OR REPLACE FUNCTION passerelle_submit_item(
  p_id uuid,
  p_tenant_id uuid,
  p_document_type document_type,
  p_saas_id text,
  p_number text,
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

  INSERT INTO submissions (id, tenant_id, document_type, saas_id, number, processing_state, issue_date,
      origin_submission_id, preceding_invoice_number, preceding_invoice_date, body, body_sha256, created_at)
    VALUES (p_id, p_tenant_id, p_document_type, p_saas_id, p_number, 'received', p_issue_date,
      p_origin_submission_id, p_preceding_invoice_number, p_preceding_invoice_date, p_body, p_body_sha256, p_created_at)
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
        AND (s.number = p_number OR s.saas_id = p_saas_id)
      ORDER BY (s.number = p_number) DESC LIMIT 1;
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
--> statement-breakpoint
-- Legacy (see above): the single-call contract of 0004.
CREATE OR REPLACE FUNCTION passerelle_submit(
  p_id uuid,
  p_tenant_id uuid,
  p_document_type document_type,
  p_saas_id text,
  p_number text,
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
LANGUAGE plpgsql AS $$
DECLARE
  v_result record;
BEGIN
  SELECT * INTO v_result FROM passerelle_submit_item(p_id, p_tenant_id, p_document_type, p_saas_id, p_number,
    p_issue_date, p_origin_submission_id, p_preceding_invoice_number, p_preceding_invoice_date, p_body,
    p_body_sha256, p_created_at, p_key, p_request_hash);
  IF v_result.outcome = 'key_taken' THEN
    RAISE EXCEPTION 'idempotency key taken by another document' USING ERRCODE = 'GW409';
  END IF;
  RETURN QUERY SELECT v_result.outcome, v_result.submission_id, v_result.event_id;
END;
$$;
--> statement-breakpoint
-- Legacy (see above): 0007's batch with the bodies inside the items.
CREATE OR REPLACE FUNCTION passerelle_submit_batch(p_items json)
RETURNS TABLE (ord bigint, outcome text, submission_id uuid, event_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_ord bigint := 0;
BEGIN
  FOR r IN
    SELECT * FROM json_to_recordset(p_items) AS i(id uuid, tenant_id uuid,
      document_type document_type, saas_id text, number text, issue_date date, origin_submission_id uuid,
      preceding_invoice_number text, preceding_invoice_date date, body text, body_sha256 text,
      created_at timestamptz, key text, request_hash text)
  LOOP
    v_ord := v_ord + 1;
    RETURN QUERY SELECT v_ord, s.outcome, s.submission_id, s.event_id
      FROM passerelle_submit_item(r.id, r.tenant_id, r.document_type, r.saas_id, r.number, r.issue_date,
        r.origin_submission_id, r.preceding_invoice_number, r.preceding_invoice_date, r.body, r.body_sha256,
        r.created_at, r.key, r.request_hash) s;
  END LOOP;
END;
$$;
