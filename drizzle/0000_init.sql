CREATE TYPE "public"."document_type" AS ENUM('invoice', 'credit_note');--> statement-breakpoint
CREATE TYPE "public"."processing_state" AS ENUM('received', 'validated', 'sent', 'rejected');--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_tokens_prefix_unique" UNIQUE("prefix")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"tenant_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"submission_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_tenant_id_key_pk" PRIMARY KEY("tenant_id","key")
);
--> statement-breakpoint
CREATE TABLE "lifecycle_statuses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lifecycle_statuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"submission_id" uuid NOT NULL,
	"code" smallint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"reason" text,
	"reason_code" text,
	"event_id" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lifecycle_statuses_code_range" CHECK ("lifecycle_statuses"."code" between 200 and 214)
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"document_type" "document_type" NOT NULL,
	"saas_id" text NOT NULL,
	"number" text NOT NULL,
	"processing_state" "processing_state" DEFAULT 'received' NOT NULL,
	"issue_date" date NOT NULL,
	"origin_submission_id" uuid,
	"preceding_invoice_number" text,
	"preceding_invoice_date" date,
	"body" text NOT NULL,
	"body_sha256" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifecycle_statuses" ADD CONSTRAINT "lifecycle_statuses_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_origin_submission_id_submissions_id_fk" FOREIGN KEY ("origin_submission_id") REFERENCES "public"."submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lifecycle_statuses_submission_idx" ON "lifecycle_statuses" USING btree ("submission_id","occurred_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lifecycle_statuses_event_id_key" ON "lifecycle_statuses" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_tenant_type_number_key" ON "submissions" USING btree ("tenant_id","document_type","number");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_tenant_type_saas_id_key" ON "submissions" USING btree ("tenant_id","document_type","saas_id");--> statement-breakpoint
CREATE INDEX "submissions_tenant_id_idx" ON "submissions" USING btree ("tenant_id","id" DESC NULLS LAST);