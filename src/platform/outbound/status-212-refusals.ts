/**
 * 212 Encaissée flows that will never be sent (status-212-send.ts, status-212-sender.ts): refused by the official
 * artefacts or, for good, by the PA's createFlow; or orphaned, their invoice rejected before they were sent.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments, submissions } from '../../db/schema.ts';

/**
 * A 212 that will never be sent: refused by the official artefacts before sending, or by the PA's createFlow for
 * good (`errors` kept as the reporting's errors, `outcome_unknown` false). False when no longer `pending`.
 */
export async function reject212(db: Db, id: string, errors: Array<{ rule: string; message: string; location?: string }>, error: string) {
  const rows = await db
    .update(payments)
    .set({
      state: 'rejected',
      ackDetails: errors,
      lastError: error.slice(0, 500),
      outcomeUnknown: false,
      nextAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(payments.id, id), eq(payments.state, 'pending')))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/**
 * Pending 212s whose invoice was rejected (by the platform, 213/501, or its flow acknowledged Error) before they were
 * sent: nothing was cashed on an issued invoice, so they are never sent; `rejected` with GW-PAYMENT-INVOICE-REJECTED.
 * Returns how many. Reads only pending 212s (partial index `payments_212_due_idx`).
 */
export async function rejectOrphaned212(db: Db): Promise<number> {
  const rows = await db
    .update(payments)
    .set({
      state: 'rejected',
      ackDetails: [
        {
          rule: 'GW-PAYMENT-INVOICE-REJECTED',
          message: 'The invoice was rejected before its 212 Encaissée was sent: it was not sent',
        },
      ],
      nextAt: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(payments.channel, 'status_212'),
        eq(payments.state, 'pending'),
        eq(payments.outcomeUnknown, false),
        sql`exists (select 1 from ${submissions} s where s.id = ${payments.submissionId} and s.processing_state = 'rejected')`,
      ),
    )
    .returning({ id: payments.id });
  return rows.length;
}
