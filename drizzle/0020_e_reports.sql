-- E-reporting (flux 10, docs/e-reporting.md): one row per transmission of a seller, period and kind
-- (transactions, payments), IN then RE; the row is also the outbox of its closing, sending and status
-- polling (job_next_at, leased with SKIP LOCKED). Every statement may run again (IF NOT EXISTS).
CREATE TABLE IF NOT EXISTS "e_reports" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id"),
  "seller_siren" text NOT NULL,
  "kind" text NOT NULL CHECK ("kind" IN ('transactions', 'payments')),
  "period_id" text NOT NULL,
  "period_start" date NOT NULL,
  "period_end" date NOT NULL,
  "deadline" date NOT NULL,
  "portal_deadline" timestamp with time zone NOT NULL,
  "sequence" integer NOT NULL,
  "type" text NOT NULL DEFAULT 'IN' CHECK ("type" IN ('IN', 'RE')),
  "state" text NOT NULL DEFAULT 'open' CHECK ("state" IN ('open', 'closed', 'invalid', 'sent', 'accepted', 'rejected')),
  "close_at" timestamp with time zone NOT NULL,
  "transmission_id" text NOT NULL,
  "job_next_at" timestamp with time zone,
  "job_attempts" integer NOT NULL DEFAULT 0,
  "job_last_error" text,
  "totals" jsonb,
  "findings" jsonb,
  "validation" jsonb,
  "statuses" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "xml" text,
  "flow_id" text,
  "flow_outcome_unknown" boolean NOT NULL DEFAULT false,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "closed_at" timestamp with time zone,
  "sent_at" timestamp with time zone,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "e_reports_open_key" ON "e_reports" USING btree ("tenant_id", "seller_siren", "kind", "period_id") WHERE "state" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "e_reports_sequence_key" ON "e_reports" USING btree ("tenant_id", "seller_siren", "kind", "period_id", "sequence");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "e_reports_due_idx" ON "e_reports" USING btree ("job_next_at") WHERE "state" IN ('open', 'closed', 'sent');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "e_reports_tenant_idx" ON "e_reports" USING btree ("tenant_id", "created_at", "id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "e_report_submissions" (
  "report_id" uuid NOT NULL REFERENCES "e_reports"("id"),
  "submission_id" uuid NOT NULL,
  "tenant_id" uuid NOT NULL,
  CONSTRAINT "e_report_submissions_pk" PRIMARY KEY ("report_id", "submission_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "e_report_submissions_submission_idx" ON "e_report_submissions" USING btree ("submission_id");
