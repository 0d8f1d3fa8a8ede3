-- Bounded retries per incoming PA status flow (issue 26, item 3): a flow the PA cannot serve (a getFlow that keeps
-- failing while searches succeed) is tried again a bounded number of times over a bounded time, then set aside as a
-- `platform_inbound_problems` row (problem 'set-aside') and the cursor moves past it.
CREATE TABLE IF NOT EXISTS "platform_inbound_retries" (
	"flow_id" text PRIMARY KEY NOT NULL,
	"connection" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"first_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
-- When the latest createFlow attempt began (issue 26, item 4): after an unknown outcome the sender searches by
-- trackingId over a grace period counted from it before it sends again.
ALTER TABLE "platform_flows" ADD COLUMN IF NOT EXISTS "attempt_started_at" timestamp with time zone;
