// The documents that wait for their tenant's first seller: said once per tenant in the log when the pipeline starts (the app factory calls it).
import type { Logger } from 'pino';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

/**
 * Logs, at info and one line per tenant, how many `received` documents wait for a seller (written before a seller
 * was required: no `seller_siren`). Such documents go on when the tenant's first seller is saved. Never throws.
 */
export async function logWaitingForSeller(db: Db, log: Logger): Promise<void> {
  try {
    const rows = rowsOf<{ tenant_id: string; name: string; waiting: string | number }>(
      await db.execute(sql`
        SELECT s.tenant_id, t.name, count(*) AS waiting FROM submissions s JOIN tenants t ON t.id = s.tenant_id
          WHERE s.processing_state = 'received' AND s.seller_siren IS NULL GROUP BY s.tenant_id, t.name`),
    );
    for (const row of rows) {
      log.info(
        { tenantId: row.tenant_id, tenant: row.name, documents: Number(row.waiting) },
        'documents wait for a seller: the tenant has none (POST /v1/sellers or PUT /v1/seller-profile)',
      );
    }
  } catch (error) {
    log.warn({ err: error }, 'could not count the documents waiting for a seller');
  }
}
