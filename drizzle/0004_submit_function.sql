-- One round trip per submission: the idempotency check, the insert (unique
-- indexes decide duplicates), the Idempotency-Key record and the `received`
-- event, atomically. The rules stay in the application; this function only
-- orders the writes so that concurrent requests resolve exactly as the
-- step-by-step transaction did. Outcomes: accepted, replayed (same key and
-- request hash), idempotency_conflict, duplicate (submission_id = the
-- existing one). A key taken concurrently by another document raises GW409,
-- which rolls the statement back.
CREATE FUNCTION passerelle_submit(
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
      RAISE EXCEPTION 'idempotency key taken by another document' USING ERRCODE = 'GW409';
    END IF;
  END IF;

  INSERT INTO submission_events (tenant_id, submission_id, type, processing_state)
    VALUES (p_tenant_id, p_id, 'received', 'received')
    RETURNING id INTO v_event;
  RETURN QUERY SELECT 'accepted', p_id, v_event;
END;
$$;
