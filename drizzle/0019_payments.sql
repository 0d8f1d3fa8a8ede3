-- Payments (issue 29, docs/payments.md): what the SaaS says was cashed on an invoice, its parts per VAT rate, how it
-- is reported (channel, state, reason) and, for the channel status_212, the 212 Encaissée flow: the row is the
-- outbox of that flow (its CDAR written with the row, due once the invoice is sent; lease in next_at).
CREATE TABLE IF NOT EXISTS "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"payment_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"paid_at" date NOT NULL,
	"amount" bigint NOT NULL,
	"method" text,
	"currency" text NOT NULL,
	"seller_siren" text,
	"parts" jsonb NOT NULL,
	"channel" text NOT NULL,
	"state" text NOT NULL,
	"reason" text NOT NULL,
	"cdar" text,
	"next_at" timestamp with time zone,
	"flow_id" text,
	"flow_submitted_at" text,
	"ack_status" text,
	"ack_details" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"outcome_unknown" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone,
	"lifecycle_status_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("amount" > 0),
	CONSTRAINT "payments_channel" CHECK ("channel" in ('status_212', 'e_reporting', 'none')),
	CONSTRAINT "payments_state" CHECK ("state" in ('pending', 'sent', 'acknowledged', 'rejected', 'not_required'))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_submission_fk" FOREIGN KEY ("tenant_id","submission_id") REFERENCES "public"."submissions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "payments_tenant_payment_id_key" ON "payments" USING btree ("tenant_id","payment_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_submission_idx" ON "payments" USING btree ("submission_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "payments_flow_id_key" ON "payments" USING btree ("flow_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_212_due_idx" ON "payments" USING btree ("next_at") WHERE "channel" = 'status_212' AND "state" = 'pending';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_212_unacknowledged_idx" ON "payments" USING btree ("id") WHERE "channel" = 'status_212' AND "state" = 'sent';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_e_reporting_idx" ON "payments" USING btree ("seller_siren","paid_at") WHERE "channel" = 'e_reporting';--> statement-breakpoint
-- Who emitted a lifecycle status: the platform (every status so far) or the seller (the gateway's 212 Encaissée).
ALTER TABLE "lifecycle_statuses" ADD COLUMN IF NOT EXISTS "source" text DEFAULT 'platform' NOT NULL;
