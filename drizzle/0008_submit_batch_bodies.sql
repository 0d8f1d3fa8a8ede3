-- Group commit, cheaper to send: the bodies of a batch travel as one text
-- parameter, separated by U+001E, instead of as JSON strings inside the
-- items. A body is a JSON text, which cannot hold a raw U+001E (RFC 8259
-- allows control characters only escaped, and only tab, LF and CR as
-- whitespace), so the split is exact; and neither side spends time escaping
-- and unescaping kilobytes of quotes. The items carry everything else, as in
-- 0007, whose one-argument function stays: instances of the previous version
-- still call it while an upgrade rolls out.
CREATE FUNCTION passerelle_submit_batch(p_items json, p_bodies text)
RETURNS TABLE (ord bigint, outcome text, submission_id uuid, event_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_ord bigint := 0;
  v_bodies text[] := string_to_array(p_bodies, E'\x1e');
BEGIN
  IF cardinality(v_bodies) <> json_array_length(p_items) THEN
    RAISE EXCEPTION 'passerelle_submit_batch: % items but % bodies', json_array_length(p_items), cardinality(v_bodies);
  END IF;
  FOR r IN
    SELECT * FROM json_to_recordset(p_items) AS i(id uuid, tenant_id uuid,
      document_type document_type, saas_id text, number text, issue_date date, origin_submission_id uuid,
      preceding_invoice_number text, preceding_invoice_date date, body_sha256 text,
      created_at timestamptz, key text, request_hash text)
  LOOP
    v_ord := v_ord + 1;
    RETURN QUERY SELECT v_ord, s.outcome, s.submission_id, s.event_id
      FROM passerelle_submit_item(r.id, r.tenant_id, r.document_type, r.saas_id, r.number, r.issue_date,
        r.origin_submission_id, r.preceding_invoice_number, r.preceding_invoice_date, v_bodies[v_ord], r.body_sha256,
        r.created_at, r.key, r.request_hash) s;
  END LOOP;
END;
$$;
