/**
 * The sandbox PA's state in the gateway's database (tables `sandbox_pa_*`, drizzle/0023_sandbox_pa.sql): the
 * SandboxState of sandbox-pa/src/state.ts, given to the mounted sandbox by src/platform/sandbox.ts. A restart of the
 * gateway finds every flow and resumes every script.
 *
 * Exactly once across restarts and instances: a due script is claimed with FOR UPDATE SKIP LOCKED in the
 * transaction that stores its status flow and moves it on, and an acknowledgement only replaces `Pending`, under the
 * flow's row lock. Stamps come from one clock row updated in the writing transaction: its lock orders the writers,
 * so updatedAt grows in commit order and a client paging with `updatedAfter` misses nothing.
 */
import { and, asc, eq, gt, inArray, lt, lte, min, type SQL, sql } from 'drizzle-orm';
import type { NewFlow, SandboxState, ScriptRun, StoredFlow } from '../../sandbox-pa/src/index.ts';
import type { Db, Executor } from '../db/client.ts';
import { sandboxPaClock, sandboxPaFlows, sandboxPaScripts } from '../db/schema.ts';
import { transact } from '../db/transaction.ts';

type Flow = StoredFlow['flow'];
type FlowRow = typeof sandboxPaFlows.$inferSelect;
type ScriptRow = typeof sandboxPaScripts.$inferSelect;

/** Scripts claimed by one look (their statuses are emitted in one transaction). */
const CLAIM_BATCH = 50;

/** The next stamp (epoch ms), after every earlier one and not before `now`; locks the clock row until commit. */
async function stamp(tx: Executor, now: number): Promise<number> {
  const [row] = await tx
    .update(sandboxPaClock)
    .set({ lastMs: sql`GREATEST(${sandboxPaClock.lastMs} + 1, ${now}::bigint)` })
    .where(eq(sandboxPaClock.id, 1))
    .returning({ lastMs: sandboxPaClock.lastMs });
  return row!.lastMs;
}

async function insertFlow(tx: Executor, entry: NewFlow, at: number): Promise<Flow> {
  const iso = new Date(at).toISOString();
  const flow = { ...entry.flow, submittedAt: iso, updatedAt: iso } as Flow;
  await tx.insert(sandboxPaFlows).values({
    flowId: flow.flowId,
    updatedMs: at,
    flow,
    original: entry.original.toString('base64'),
    fileName: entry.fileName,
    flowInfo: entry.flowInfo ?? null,
    trackingId: flow.trackingId ?? null,
    flowType: flow.flowType,
    flowDirection: flow.flowDirection,
    processingRule: flow.processingRule ?? null,
    ackStatus: flow.acknowledgement.status,
  });
  return flow;
}

function storedOf(row: FlowRow): StoredFlow {
  return {
    flow: row.flow as Flow,
    original: Buffer.from(row.original, 'base64'),
    fileName: row.fileName,
    flowInfo: (row.flowInfo ?? undefined) as StoredFlow['flowInfo'],
  };
}

function runOf(row: ScriptRow): ScriptRun {
  return {
    flowId: row.flowId,
    subject: row.subject as ScriptRun['subject'],
    steps: row.steps as ScriptRun['steps'],
    processingRule: (row.processingRule ?? undefined) as ScriptRun['processingRule'],
    stepMs: row.stepMs,
    next: row.next,
    dueAt: row.dueMs,
  };
}

/** The sandbox's state on `db`; `now` is the clock of the stamps (epoch ms). Closing leaves the database open. */
export function createSandboxStore(db: Db, now: () => number = Date.now): SandboxState {
  return {
    add: (entry) => transact(db, async (tx) => insertFlow(tx, entry, await stamp(tx, now()))),

    async get(flowId) {
      const [row] = await db.select().from(sandboxPaFlows).where(eq(sandboxPaFlows.flowId, flowId));
      return row && storedOf(row);
    },

    async search(where, limit) {
      const t = sandboxPaFlows;
      const conditions: SQL[] = [];
      if (where.updatedAfter !== undefined) conditions.push(gt(t.updatedMs, Date.parse(where.updatedAfter)));
      if (where.updatedBefore !== undefined) conditions.push(lt(t.updatedMs, Date.parse(where.updatedBefore)));
      if (where.processingRule?.length) conditions.push(inArray(t.processingRule, where.processingRule));
      if (where.flowType?.length) conditions.push(inArray(t.flowType, where.flowType));
      if (where.flowDirection?.length) conditions.push(inArray(t.flowDirection, where.flowDirection));
      if (where.trackingId !== undefined) conditions.push(eq(t.trackingId, where.trackingId));
      if (where.ackStatus !== undefined) conditions.push(eq(t.ackStatus, where.ackStatus));
      const rows = await db
        .select({ flow: t.flow })
        .from(t)
        .where(and(...conditions))
        .orderBy(asc(t.updatedMs))
        .limit(limit);
      return rows.map((row) => row.flow as Flow);
    },

    acknowledge: (flowId, acknowledgement, extras) =>
      transact(db, async (tx) => {
        const [row] = await tx.select().from(sandboxPaFlows).where(eq(sandboxPaFlows.flowId, flowId)).for('update');
        if (row?.ackStatus !== 'Pending') return undefined;
        const at = await stamp(tx, now());
        const flow = { ...(row.flow as Flow), acknowledgement, updatedAt: new Date(at).toISOString() };
        await tx
          .update(sandboxPaFlows)
          .set({ flow, updatedMs: at, ackStatus: acknowledgement.status })
          .where(eq(sandboxPaFlows.flowId, flowId));
        if (extras?.script) {
          const { subject, steps, processingRule, stepMs, dueAt } = extras.script;
          await tx
            .insert(sandboxPaScripts)
            .values({ flowId, subject, steps, processingRule: processingRule ?? null, stepMs, next: 0, dueMs: dueAt });
        }
        if (extras?.answer) {
          const answerAt = await stamp(tx, now());
          await insertFlow(tx, extras.answer(flow, new Date(answerAt).toISOString()), answerAt);
        }
        return flow;
      }),

    async emitDue(at, render) {
      const emitted = await transact(db, async (tx) => {
        const rows = await tx
          .select()
          .from(sandboxPaScripts)
          .where(lte(sandboxPaScripts.dueMs, at))
          .orderBy(asc(sandboxPaScripts.dueMs))
          .limit(CLAIM_BATCH)
          .for('update', { skipLocked: true });
        let count = 0;
        for (const row of rows) {
          const run = runOf(row);
          // Statuses due while the gateway was down come now, in order, each with its own stamp.
          while (run.next < run.steps.length && run.dueAt <= at) {
            const stamped = await stamp(tx, now());
            await insertFlow(tx, render(run, new Date(stamped).toISOString()), stamped);
            run.next += 1;
            run.dueAt += run.stepMs;
            count += 1;
          }
          if (run.next >= run.steps.length) await tx.delete(sandboxPaScripts).where(eq(sandboxPaScripts.flowId, run.flowId));
          else await tx.update(sandboxPaScripts).set({ next: run.next, dueMs: run.dueAt }).where(eq(sandboxPaScripts.flowId, run.flowId));
        }
        return count;
      });
      const [next] = await db.select({ dueMs: min(sandboxPaScripts.dueMs) }).from(sandboxPaScripts);
      return { emitted, nextDueAt: next?.dueMs == null ? undefined : Number(next.dueMs) };
    },

    async resumable() {
      const [scripts] = await db.select({ count: sql<number>`count(*)::int` }).from(sandboxPaScripts);
      const pending = await db.select().from(sandboxPaFlows).where(eq(sandboxPaFlows.ackStatus, 'Pending'));
      return { scripts: Number(scripts?.count ?? 0), pending: pending.map(storedOf) };
    },

    async close() {},
  };
}
