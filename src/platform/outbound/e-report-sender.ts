/**
 * Sends closed e-reports to the PA as flows (`flowSyntax: "FRR"`, `processingRule` B2C or B2BInt, `trackingId`
 * the report's id) exactly once, the invoice sender's way (send.ts): the attempt is committed "outcome unknown"
 * before createFlow, and an unknown outcome is searched by trackingId over a grace period (UNKNOWN_OUTCOME_GRACE)
 * before any new attempt; a claimed report's lease is renewed while in hand (src/db/row-leases.ts). Then it polls the
 * portal's answer: incoming status flows (CDAR) carrying the report's trackingId, 300 Déposée or 301 Rejetée
 * with reasons, recorded on the report (store/send-store.ts). The reports are the queue (`send` lane of
 * src/domain/e-reporting/store/jobs-store.ts). Started with the AFNOR connector (flow-connector.ts).
 */
import type { Logger } from 'pino';
import type { Db, Executor } from '../../db/client.ts';
import { transact } from '../../db/transaction.ts';
import type { CommittedReportEvent, EReportEventSink } from '../../domain/events/types.ts';
import { findReport, type EReportRow } from '../../domain/e-reporting/store/close-store.ts';
import { claimDueReports, postponeReport, releaseReports, SENDING_REPORT_LEASES } from '../../domain/e-reporting/store/jobs-store.ts';
import { beginSend, markSent, msSinceAttempt, recordStatus } from '../../domain/e-reporting/store/send-store.ts';
import type { ReportTotals } from '../../domain/e-reporting/totals.ts';
import { createWaiter } from '../../lib/waiter.ts';
import type { FlowClient } from '../afnor/client.ts';
import { parseCdar } from '../afnor/cdar.ts';
import type { FlowFailure } from '../afnor/types.ts';
import { retryDelayMs } from './backoff.ts';
import { leasedWorker } from '../../db/leased-worker.ts';
import { createRowKeeper, DEFAULT_LEASE_MS } from '../../db/row-leases.ts';
import { describeFailure, UNKNOWN_OUTCOME_GRACE, type UnknownOutcomeGrace } from './send.ts';

export interface EReportSenderOptions {
  db: Db;
  client: FlowClient;
  log: Logger;
  /** Between two looks at due reports and at the portal's answers, in milliseconds (default 5000). */
  pollMs?: number;
  /** Told after a report's state changed (sent, accepted, rejected). */
  onChanged?: (report: EReportRow) => void;
  /** Records each state change's event in its transaction, and hears of it after the commit (events, webhooks). */
  events?: EReportEventSink;
  /** How long a claimed report stays this instance's without renewal, in milliseconds (default PA_LEASE_MS's). */
  leaseMs?: number;
  /** After an unknown outcome: how long to keep searching before sending again (default UNKNOWN_OUTCOME_GRACE). */
  unknownOutcome?: UnknownOutcomeGrace;
}

export interface EReportSender {
  wake(): void;
  start(): void;
  stop(): Promise<void>;
}

/** B2BInt for a report of international B2B invoices only (10.1 / 10.2), else B2C. */
export function processingRuleOf(row: Pick<EReportRow, 'totals'>): 'B2C' | 'B2BInt' {
  const totals = row.totals as ReportTotals | null;
  if (!totals) return 'B2C';
  const b2c = totals.categories.length > 0 || totals.entryCount > 0;
  return totals.invoiceCount > 0 && !b2c ? 'B2BInt' : 'B2C';
}

/** The sender (module comment); nothing runs before `start`. */
export function createEReportSender(options: EReportSenderOptions): EReportSender {
  const { db, client, log } = options;
  const pollMs = options.pollMs ?? 5000;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const grace = options.unknownOutcome ?? UNKNOWN_OUTCOME_GRACE;
  const keeper = createRowKeeper(db, SENDING_REPORT_LEASES, leaseMs);
  const waiter = createWaiter(pollMs);
  const claimed: string[] = [];
  const worker = leasedWorker(keeper, {
    run: () => run(),
    interrupt: () => waiter.cancel(),
    release: () => releaseReports(db, claimed.splice(0)).catch(() => {}),
  });

  /**
   * Runs `move` of a report in state `from` and, in its transaction, records the event of the state it reached
   * (the outbox: none when it stayed in `from`, e.g. a status other than 300 or 301); then tells.
   */
  const changed = async (from: EReportRow['state'], move: (tx: Executor) => Promise<EReportRow | undefined>) => {
    const { events } = options;
    let event: CommittedReportEvent | undefined;
    const row = events
      ? await transact(db, async (tx) => {
          const moved = await move(tx);
          if (moved && moved.state !== from) event = await events.recorded(tx, moved);
          return moved;
        })
      : await move(db);
    if (event) events?.committed([event]);
    if (row) options.onChanged?.(row);
    return row;
  };
  const fail = async (row: EReportRow, failure: FlowFailure, what: string) => {
    const error = `${what}: ${describeFailure(failure)}`;
    log.warn({ reportId: row.id, error }, 'e-report sender: attempt failed, will retry');
    await postponeReport(db, row.id, retryDelayMs(row.jobAttempts, failure.kind === 'retryable' ? failure.retryAfterMs : undefined), error);
  };

  async function send(row: EReportRow): Promise<void> {
    if (row.flowOutcomeUnknown) {
      const found = await client.searchFlows({ trackingId: row.id, flowDirection: ['Out'] }, 100);
      if (!found.ok) return fail(row, found, 'search by trackingId');
      const flow = found.results.find((f) => f.trackingId === row.id && typeof f.flowId === 'string');
      if (flow) return void (await changed(row.state, (tx) => markSent(tx, row.id, flow.flowId, pollMs)));
      // Prefer waiting: a PA may store the flow after our timeout; search again until the grace period has passed.
      const since = await msSinceAttempt(db, row.id);
      if (since < grace.graceMs) {
        const error = `createFlow: outcome unknown, no flow with this trackingId yet; searching again until ${Math.round(grace.graceMs / 1000)} s after the attempt`;
        return postponeReport(db, row.id, Math.min(grace.searchEveryMs, grace.graceMs - since), error);
      }
      log.info({ reportId: row.id }, 'e-report sender: earlier attempt left no flow on the PA after the grace period, sending again');
    }
    if (!(await beginSend(db, row.id))) return;
    const fileName = `${row.transmissionId.replace(/[^A-Za-z0-9._-]+/g, '_')}.xml`;
    const result = await client.submitFlow({
      flowInfo: { flowSyntax: 'FRR', processingRule: processingRuleOf(row), trackingId: row.id, name: fileName },
      file: Buffer.from(row.xml ?? '', 'utf8'),
      fileName,
    });
    if (result.ok) return void (await changed(row.state, (tx) => markSent(tx, row.id, result.flow.flowId, pollMs)));
    if (result.kind !== 'definitive' || result.authentication || result.status === 401 || result.status === 403) {
      return fail(row, result, 'createFlow');
    }
    const reason = result.errorMessage ?? `The platform refused the flow (HTTP ${result.status})`;
    const status = {
      code: null,
      label: 'Refused by the platform',
      reasonCode: result.errorCode,
      reason,
      occurredAt: new Date().toISOString(),
    };
    await changed(row.state, (tx) => recordStatus(tx, row.id, status));
  }

  async function poll(row: EReportRow): Promise<void> {
    const found = await client.searchFlows({ trackingId: row.id, flowDirection: ['In'] }, 100);
    if (!found.ok) return fail(row, found, 'search statuses');
    const flows = found.results.filter((f) => f.trackingId === row.id && typeof f.flowId === 'string');
    flows.sort((a, b) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt));
    for (const flow of flows) {
      const original = await client.getFlow(flow.flowId, 'Original');
      if (!original.ok) return fail(row, original, 'getFlow');
      const status = parseCdar(original.bytes);
      if ('error' in status) {
        log.warn({ reportId: row.id, flowId: flow.flowId, error: status.error }, 'e-report sender: unreadable status flow');
        continue;
      }
      const recorded = await changed(row.state, (tx) =>
        recordStatus(tx, row.id, {
          code: status.code,
          label: status.label,
          reasonCode: status.reasonCode,
          reason: status.reason,
          occurredAt: status.occurredAt,
          flowId: flow.flowId,
        }),
      );
      if (recorded && recorded.state !== 'sent') return;
    }
    await postponeReport(db, row.id, pollMs, '');
  }

  async function handle(id: string): Promise<void> {
    const row = await findReport(db, id);
    try {
      if (row?.state === 'closed' && row.xml !== null) await send(row);
      else if (row?.state === 'sent') await poll(row);
    } catch (error) {
      log.warn({ err: error, reportId: id }, 'e-report sender: unexpected failure, will retry');
      await postponeReport(db, id, retryDelayMs(row?.jobAttempts ?? 1), String(error)).catch(() => {});
    }
  }

  async function run(): Promise<void> {
    while (worker.running()) {
      try {
        const ids = await claimDueReports(db, 'send', 4, leaseMs);
        for (const id of ids) keeper.hold(id);
        claimed.push(...ids);
      } catch (error) {
        if (worker.running()) log.warn({ err: error }, 'e-report sender: claim failed');
      }
      const took = claimed.length;
      while (worker.running() && claimed.length > 0) {
        const id = claimed.shift()!;
        try {
          await handle(id);
        } finally {
          keeper.drop(id);
        }
      }
      if (worker.running() && took === 0) await waiter.wait();
    }
  }

  return { wake: () => waiter.wake(), start: worker.start, stop: worker.stop };
}
