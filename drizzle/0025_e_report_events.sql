-- E-report events (issue 30, "API"): a report's moves to sent, accepted and rejected are events like a submission's,
-- written in the transaction that moves the report, in the same table (one id sequence: subscriptions resync from it
-- and webhook deliveries reference it). Such a row names its report and no submission.
ALTER TYPE "submission_event_type" ADD VALUE IF NOT EXISTS 'e_report_sent';
--> statement-breakpoint
ALTER TYPE "submission_event_type" ADD VALUE IF NOT EXISTS 'e_report_accepted';
--> statement-breakpoint
ALTER TYPE "submission_event_type" ADD VALUE IF NOT EXISTS 'e_report_rejected';
--> statement-breakpoint
ALTER TABLE "submission_events" ALTER COLUMN "submission_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "submission_events" ADD COLUMN IF NOT EXISTS "e_report_id" uuid;
--> statement-breakpoint
ALTER TABLE "submission_events" ADD CONSTRAINT "submission_events_e_report_id_e_reports_id_fk" FOREIGN KEY ("e_report_id") REFERENCES "public"."e_reports"("id") ON DELETE no action ON UPDATE no action;
