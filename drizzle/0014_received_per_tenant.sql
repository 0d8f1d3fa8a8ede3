-- The pipeline's queue index per tenant: the claim reads the received rows of
-- the tenants that have a seller profile only, so the backlog of a tenant
-- without one (its documents wait in received) is never walked by a claim.
DROP INDEX "submissions_received_idx";--> statement-breakpoint
CREATE INDEX "submissions_received_tenant_idx" ON "submissions" USING btree ("tenant_id","id") WHERE "submissions"."processing_state" = 'received';