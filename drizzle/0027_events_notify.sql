-- Subscribers on every instance hear of an event because its own commit says so: a statement-level trigger on
-- submission_events sends the NOTIFY inside the transaction that inserts the events, and PostgreSQL delivers it
-- exactly when (and only if) that transaction commits. Before, each process sent its NOTIFY after its commit, so an
-- instance killed between the two lost those events for everyone else (docs/real-time.md, docs/operations.md).
-- The payload is what src/dispatch/pg-event-target.ts parses: a JSON array of { type, detail } with ids only,
-- at most 25 events a NOTIFY (each well under its 8000-byte limit).
CREATE OR REPLACE FUNCTION "passerelle_notify_events"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  FOR payload IN
    SELECT '[' || string_agg(message, ',' ORDER BY id) || ']'
    FROM (
      SELECT e.id, (row_number() OVER (ORDER BY e.id) - 1) / 25 AS part,
        CASE WHEN e.e_report_id IS NULL THEN
          json_build_object('type', 'committed', 'detail', json_build_object(
            'id', e.id, 'type', e.type, 'tenantId', e.tenant_id, 'submissionId', e.submission_id,
            'documentType', (SELECT s.document_type FROM submissions s WHERE s.id = e.submission_id)))::text
        ELSE
          json_build_object('type', 'e_report_committed', 'detail', json_build_object(
            'id', e.id, 'type', e.type, 'tenantId', e.tenant_id, 'reportId', e.e_report_id))::text
        END AS message
      FROM new_events e
    ) messages
    GROUP BY part
    ORDER BY part
  LOOP
    PERFORM pg_notify('passerelle_events', payload);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "submission_events_notify" ON "submission_events";
--> statement-breakpoint
CREATE TRIGGER "submission_events_notify" AFTER INSERT ON "submission_events"
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION "passerelle_notify_events"();
