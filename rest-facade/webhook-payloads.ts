/**
 * Webhook payload data in the REST facade's shapes: `data` is the submission
 * record exactly as `GET /v1/invoices/{id}` (or `/v1/credit-notes/{id}`)
 * returns it, obtained through the same GraphQL operation, and the new
 * lifecycle status entry is in the status history's shape. An e-report event's `data` is the report as
 * `GET /v1/e-reports/{id}` returns it, through the same operation.
 */
import type { ContextFactory } from '../src/app/context.ts';
import { displayLabel, lifecycleCode } from '../src/domain/lifecycle/codes.ts';
import { OperationFailed, type RunOperation } from '../src/graphql/run-operation.ts';
import type { PayloadBuilder } from '../src/webhooks/index.ts';
import { eReportRecord } from './handlers/e-reports.ts';
import { OPERATIONS } from './operations.ts';
import { type StatusFields, statusEntry, submissionRecord } from './records.ts';

export function webhookPayloads(run: RunOperation, contexts: ContextFactory): PayloadBuilder {
  return {
    async record(event) {
      const { submission } = event;
      const context = contexts.forPrincipal({ kind: 'tenant', tenant: { id: submission.tenantId, name: 'webhooks' } });
      const operation = submission.documentType === 'invoice' ? OPERATIONS.invoice : OPERATIONS.creditNote;
      const outcome = await run(operation, { id: submission.id }, context);
      if (!outcome.ok) throw new OperationFailed(outcome.errors);
      // Committed before its event, the submission is always found (a null fails the payload, as it always did).
      return submissionRecord(outcome.result as NonNullable<typeof outcome.result>);
    },
    async reportRecord(event) {
      const { report } = event;
      const context = contexts.forPrincipal({ kind: 'tenant', tenant: { id: report.tenantId, name: 'webhooks' } });
      const outcome = await run(OPERATIONS.eReport, { id: report.id }, context);
      if (!outcome.ok) throw new OperationFailed(outcome.errors);
      if (!outcome.result) throw new Error(`e-report ${report.id} not found for its event`);
      return eReportRecord(outcome.result);
    },
    statusEntry(event) {
      const status = event.lifecycleStatus;
      if (!status) return undefined;
      return statusEntry({
        code: status.code,
        // The same label as the GraphQL field gives, the PA's own one for a code the gateway has no label for.
        label: displayLabel(status.code, status.platformLabel),
        // As `LifecycleStatus.final` and `.flags` resolve (src/schema/types/lifecycle-status.ts).
        final: lifecycleCode(status.code)?.final ?? false,
        occurredAt: status.occurredAt.toISOString(),
        reason: status.reason,
        reasonCode: status.reasonCode,
        flags: status.flags as StatusFields['flags'],
        source: status.source,
      });
    },
  };
}
