/**
 * In-process reporting of lifecycle events: runs the `recordLifecycleStatus`
 * mutation with a platform context, the inbound path `POST
 * /pa/v1/lifecycle-events` also takes.
 */
import type { Logger } from 'pino';
import { contextFor, type ContextDeps } from '../app/context.ts';
import type { RunOperation } from '../graphql/run-operation.ts';
import { graphql } from '../graphql/tada.ts';
import type { ReportLifecycleEvent } from './connector.ts';

/** The `recordLifecycleStatus` mutation, typed; `POST /pa/v1/lifecycle-events` runs it too. */
export const RECORD_LIFECYCLE_STATUS = graphql(`
  mutation RecordLifecycleStatus($input: LifecycleEventInput!) {
    result: recordLifecycleStatus(input: $input) {
      __typename
      ... on LifecycleStatusRecorded {
        duplicate
        status { code label final occurredAt reason reasonCode flags }
        submission { id }
      }
      ... on ValidationFailed { message issues { path rule message } }
    }
  }
`);

/** A reporter acting as the platform named `platformName`. */
export function inProcessReporter(run: RunOperation, deps: ContextDeps, platformName: string, log: Logger): ReportLifecycleEvent {
  const principal = { kind: 'platform' as const, platform: { id: platformName, name: platformName } };
  return async (event) => {
    const input = {
      submissionId: event.submission_id,
      code: event.code,
      occurredAt: event.occurred_at,
      reason: event.reason ?? null,
      reasonCode: event.reason_code ?? null,
      eventId: event.event_id,
    };
    const outcome = await run(RECORD_LIFECYCLE_STATUS, { input }, contextFor(deps, principal));
    if (!outcome.ok) throw new Error(`recordLifecycleStatus failed: ${outcome.errors.map((e) => e.message).join('; ')}`);
    const { result } = outcome;
    if (result.__typename !== 'LifecycleStatusRecorded') log.warn({ result, event }, 'platform event refused');
  };
}
