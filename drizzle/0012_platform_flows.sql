CREATE TABLE "platform_cursors" (
	"connection" text PRIMARY KEY NOT NULL,
	"updated_after" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_flows" (
	"submission_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"invoice_number" text NOT NULL,
	"seller_siren" text NOT NULL,
	"flow_id" text,
	"submitted_at" text,
	"ack_status" text,
	"ack_details" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"outcome_unknown" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_inbound_problems" (
	"flow_id" text PRIMARY KEY NOT NULL,
	"connection" text NOT NULL,
	"problem" text NOT NULL,
	"detail" jsonb,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lifecycle_statuses" DROP CONSTRAINT "lifecycle_statuses_code_range";--> statement-breakpoint
ALTER TABLE "lifecycle_statuses" ADD COLUMN "platform_label" text;--> statement-breakpoint
ALTER TABLE "submission_documents" ADD COLUMN "seller_siren" text;--> statement-breakpoint
ALTER TABLE "platform_flows" ADD CONSTRAINT "platform_flows_submission_fk" FOREIGN KEY ("tenant_id","submission_id") REFERENCES "public"."submissions"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_flows_flow_id_key" ON "platform_flows" USING btree ("flow_id");--> statement-breakpoint
CREATE INDEX "platform_flows_document_key_idx" ON "platform_flows" USING btree ("seller_siren","invoice_number");--> statement-breakpoint
CREATE INDEX "platform_flows_pending_idx" ON "platform_flows" USING btree ("submission_id") WHERE "platform_flows"."ack_status" = 'Pending';--> statement-breakpoint
CREATE INDEX "submissions_validated_idx" ON "submissions" USING btree ("id") WHERE "submissions"."processing_state" = 'validated';--> statement-breakpoint
ALTER TABLE "lifecycle_statuses" ADD CONSTRAINT "lifecycle_statuses_code_digits" CHECK ("lifecycle_statuses"."code" between 100 and 999);