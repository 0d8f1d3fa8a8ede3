-- Lifecycle status entries are an append-only audit trail (spec § Limits: 10-year retention).
-- The database itself refuses to change or remove them, whatever the application does.
CREATE FUNCTION lifecycle_statuses_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'lifecycle_statuses is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER lifecycle_statuses_no_update_delete
  BEFORE UPDATE OR DELETE ON lifecycle_statuses
  FOR EACH ROW EXECUTE FUNCTION lifecycle_statuses_append_only();
--> statement-breakpoint
CREATE TRIGGER lifecycle_statuses_no_truncate
  BEFORE TRUNCATE ON lifecycle_statuses
  FOR EACH STATEMENT EXECUTE FUNCTION lifecycle_statuses_append_only();
