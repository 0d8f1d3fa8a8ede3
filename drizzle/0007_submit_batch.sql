-- Group commit: a gateway process writes the submissions that arrive while
-- its previous write is in flight with one statement, in one transaction
-- (one round trip, one commit, one WAL flush for the lot). Each item is
-- resolved exactly as a single call of passerelle_submit would, in the
-- order given, so two items of one batch with the same key or number behave
-- as two requests one after the other.
--
-- passerelle_submit_item holds the logic of passerelle_submit (0004). One
-- difference: a key taken concurrently by another document, which used to
-- raise GW409 and roll the statement back, is reported as the outcome
-- key_taken after the item undoes its own insert, so the other items of a
-- batch still commit. passerelle_submit keeps its contract by raising GW409
-- on that outcome.
CREATE FUNCTION passerelle_submit_item(
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
-- p_items: a JSON array of objects whose keys are passerelle_submit_item's
-- parameter names without the p_ prefix. One row per item, `ord` being its
-- 1-based position in the array.
CREATE FUNCTION passerelle_submit_batch(p_items json)
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
