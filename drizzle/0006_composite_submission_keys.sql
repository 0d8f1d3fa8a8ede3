-- Rows tied to a submission reference (tenant_id, submission_id) instead of
-- the tenant and the submission separately: one foreign-key check instead of
-- two, the check now also proves the row's tenant is the submission's, and
-- no share lock is taken on the tenant's row, which every concurrent
-- submission of a tenant otherwise queued on (three locks per submission,
-- turned into multixacts under load). The unique index the keys need
-- replaces the (tenant_id, id DESC) listing index, so inserts maintain no
-- extra index. Index first: the constraints need it.
CREATE UNIQUE INDEX "submissions_tenant_id_key" ON "submissions" USING btree ("tenant_id","id" DESC NULLS LAST);--> statement-breakpoint
DROP INDEX "submissions_tenant_id_idx";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_submission_id_submissions_id_fk";
--> statement-breakpoint
ALTER TABLE "submission_events" DROP CONSTRAINT "submission_events_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "submission_events" DROP CONSTRAINT "submission_events_submission_id_submissions_id_fk";
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_submission_fk" FOREIGN KEY ("tenant_id","submission_id") REFERENCES "public"."submissions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_events" ADD CONSTRAINT "submission_events_submission_fk" FOREIGN KEY ("tenant_id","submission_id") REFERENCES "public"."submissions"("tenant_id","id") ON DELETE no action ON UPDATE no action;
