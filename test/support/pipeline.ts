/** Waiting for the pipeline (issue 17) in integration tests. */
import type { Client } from './client.ts';

/**
 * Polls a REST record (`/v1/invoices/{id}` or `/v1/credit-notes/{id}`) until its `processing_state` leaves
 * `received` (the pipeline is woken at once, and polls every second at worst), or 60 s have passed (a cold validation worker loads the artefacts first); returns the record.
 */
export async function processed(client: Client, path: string): Promise<Record<string, any>> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const record = (await client.get(path)).body as Record<string, any>;
    if (record.processing_state !== 'received' || Date.now() > deadline) return record;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
