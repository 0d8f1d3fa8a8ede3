/**
 * A 212 Encaissée to write with src/einvoice/cdar/status-212.ts, for the tests that read or check one: the 212
 * field table's (test/unit/payments/docs.test.ts) and the sandbox PA's reading of it (test/unit/sandbox-pa/
 * cdar-inbound.test.ts, test/integration/sandbox-pa-cdar.test.ts). The seller and buyer are the test SIRENs.
 */
import type { Status212 } from '../../src/einvoice/cdar/status-212.ts';

/**
 * The 212 of invoice `number` (default FA-1, issued 2026-11-02) cashed on 2026-11-26, written 2026-11-27 09:00 UTC;
 * `parts` in minor units per VAT rate (default 10.00 at 20 % and 5.00 at 10 %); `receivedAt` its 200 Déposée, if given.
 */
export function status212Of(options: { number?: string; receivedAt?: Date; parts?: Status212['parts'] } = {}): Status212 {
  const { number = 'FA-1', receivedAt, parts } = options;
  return {
    messageId: `${number}_212_1`,
    createdAt: new Date('2026-11-27T09:00:00Z'),
    paidAt: '2026-11-26',
    invoice: { number, issueDate: '2026-11-02', typeCode: '380', ...(receivedAt && { receivedAt }) },
    seller: { siren: '100000009', name: 'VENDEUR' },
    buyer: { siren: '200000008', name: 'ACHETEUR', address: '200000008' },
    currency: 'EUR',
    parts: parts ?? [
      { percentage: 20, amount: 1000 },
      { percentage: 10, amount: 500 },
    ],
  };
}
