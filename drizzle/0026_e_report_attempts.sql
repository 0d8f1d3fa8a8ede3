-- When the latest createFlow of an e-report began (docs/pa-connection.md, "Unknown outcomes"): after an unknown
-- outcome the e-report sender searches by trackingId over the grace period counted from it before it sends again,
-- as the invoice and 212 senders do.
ALTER TABLE "e_reports" ADD COLUMN IF NOT EXISTS "attempt_started_at" timestamp with time zone;
