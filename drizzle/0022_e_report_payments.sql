-- Which payments each payments e-report covers (flux 10.2 / 10.4, docs/e-reporting.md "Payments"): linked when the
-- report is frozen, under its period's lock, with every e-reportable payment of its seller cashed in its period, so a
-- rectificative covers the whole period. A payment's reporting state follows its latest report's.
CREATE TABLE IF NOT EXISTS "e_report_payments" (
  "report_id" uuid NOT NULL REFERENCES "e_reports"("id"),
  "payment_id" uuid NOT NULL,
  "tenant_id" uuid NOT NULL,
  CONSTRAINT "e_report_payments_pk" PRIMARY KEY ("report_id", "payment_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "e_report_payments_payment_idx" ON "e_report_payments" USING btree ("payment_id");
