DROP INDEX "submission_events_tenant_idx";--> statement-breakpoint
DROP INDEX "submission_events_submission_idx";