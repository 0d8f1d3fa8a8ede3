-- The sandbox PA's state (issue 25, item 4): its flows, its running lifecycle scripts and its updatedAt clock, so a
-- restart of the gateway resumes every script (src/platform/sandbox-store.ts). Several instances on one database
-- share one sandbox: a due script is claimed with FOR UPDATE SKIP LOCKED in the transaction storing its status.
CREATE TABLE IF NOT EXISTS "sandbox_pa_flows" (
	"flow_id" text PRIMARY KEY NOT NULL,
	"updated_ms" bigint NOT NULL,
	"flow" jsonb NOT NULL,
	"original" text NOT NULL,
	"file_name" text NOT NULL,
	"flow_info" jsonb,
	"tracking_id" text,
	"flow_type" text NOT NULL,
	"flow_direction" text NOT NULL,
	"processing_rule" text,
	"ack_status" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sandbox_pa_flows_updated_idx" ON "sandbox_pa_flows" ("updated_ms");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sandbox_pa_flows_pending_idx" ON "sandbox_pa_flows" ("ack_status") WHERE "ack_status" = 'Pending';
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sandbox_pa_scripts" (
	"flow_id" text PRIMARY KEY NOT NULL,
	"subject" jsonb NOT NULL,
	"steps" jsonb NOT NULL,
	"processing_rule" text,
	"step_ms" integer NOT NULL,
	"next" integer NOT NULL,
	"due_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sandbox_pa_scripts_due_idx" ON "sandbox_pa_scripts" ("due_ms");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "sandbox_pa_clock" (
	"id" smallint PRIMARY KEY NOT NULL,
	"last_ms" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "sandbox_pa_clock" ("id", "last_ms") VALUES (1, 0) ON CONFLICT DO NOTHING;
