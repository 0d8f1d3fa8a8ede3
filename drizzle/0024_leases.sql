-- Leases a dead instance gives up within seconds (issue 26, item 9): one row per shared job of a PA connection (the
-- status poller, the acknowledgement polls), held by one gateway process (`holder`, a random id per connector) while it
-- renews `renewed_at` every few seconds; a row not renewed for the staleness window (PA_LEASE_MS, 20 s) is free.
CREATE TABLE IF NOT EXISTS "platform_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"renewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- When the latest 212 createFlow attempt began: after an unknown outcome the 212 sender searches by trackingId over a
-- grace period counted from it before it sends again (as platform_flows.attempt_started_at for invoices).
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "attempt_started_at" timestamp with time zone;
