CREATE TABLE "directory_entries" (
	"siren" text PRIMARY KEY NOT NULL,
	"entry" jsonb NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sellers" (
	"tenant_id" uuid NOT NULL,
	"siren" text NOT NULL,
	"profile" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sellers_tenant_id_siren_pk" PRIMARY KEY("tenant_id","siren")
);
--> statement-breakpoint
ALTER TABLE "submission_documents" ADD COLUMN "processing_rule_reason" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "seller_siren" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_default_key" ON "sellers" USING btree ("tenant_id") WHERE "sellers"."is_default";--> statement-breakpoint
-- Each tenant's seller profile becomes its default seller; its documents are that seller's.
INSERT INTO "sellers" ("tenant_id", "siren", "profile", "is_default", "updated_at")
  SELECT "tenant_id", "profile"->>'siren', "profile" || '{"vat_regime":"normal_monthly","vat_on_debits":false}'::jsonb, true, "updated_at"
    FROM "seller_profiles";--> statement-breakpoint
UPDATE "submissions" s SET "seller_siren" = p."profile"->>'siren' FROM "seller_profiles" p WHERE p."tenant_id" = s."tenant_id";--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_tenant_seller_type_number_key" ON "submissions" USING btree ("tenant_id","seller_siren","document_type","number");--> statement-breakpoint
CREATE INDEX "submissions_tenant_seller_idx" ON "submissions" USING btree ("tenant_id","seller_siren","id" DESC NULLS LAST);--> statement-breakpoint
DROP INDEX "submissions_tenant_type_number_key";--> statement-breakpoint
-- Writers of earlier versions (a rolling upgrade) insert no seller: the tenant's default seller is theirs.
CREATE OR REPLACE FUNCTION passerelle_default_seller() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT siren INTO NEW.seller_siren FROM sellers WHERE tenant_id = NEW.tenant_id AND is_default;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER submissions_default_seller BEFORE INSERT ON submissions
  FOR EACH ROW WHEN (NEW.seller_siren IS NULL) EXECUTE FUNCTION passerelle_default_seller();--> statement-breakpoint
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
      origin_submission_id, preceding_invoice_number, preceding_invoice_date, body, body_sha256, created_at)
    VALUES (p_id, p_tenant_id, p_document_type, p_saas_id, p_number, p_seller_siren, 'received', p_issue_date,
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
          preceding_invoice_date date, body_sha256 text, created_at timestamptz, key text, request_hash text))
        WITH ORDINALITY AS t(id, tenant_id, document_type, saas_id, number, seller_siren, issue_date, origin_submission_id,
          preceding_invoice_number, preceding_invoice_date, body_sha256, created_at, key, request_hash, n)
    ), s AS (
      INSERT INTO submissions (id, tenant_id, document_type, saas_id, number, seller_siren, processing_state, issue_date,
          origin_submission_id, preceding_invoice_number, preceding_invoice_date, body, body_sha256, created_at)
        SELECT id, tenant_id, document_type, saas_id, number, seller_siren, 'received', issue_date, origin_submission_id,
            preceding_invoice_number, preceding_invoice_date, body, body_sha256, created_at
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
      created_at timestamptz, key text, request_hash text)
  LOOP
    v_ord := v_ord + 1;
    RETURN QUERY SELECT v_ord, s.outcome, s.submission_id, s.event_id
      FROM passerelle_submit_item(r.id, r.tenant_id, r.document_type, r.saas_id, r.number, r.seller_siren, r.issue_date,
        r.origin_submission_id, r.preceding_invoice_number, r.preceding_invoice_date, v_bodies[v_ord], r.body_sha256,
        r.created_at, r.key, r.request_hash) s;
  END LOOP;
END;
$$;
