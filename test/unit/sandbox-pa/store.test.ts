/** The sandbox's in-memory flow store: strictly increasing updatedAt, and a bound on what it keeps. */
import { describe, expect, it } from 'vitest';
import { createFlowStore, type StoredFlow } from '../../../sandbox-pa/src/store.ts';

const at = new Date('2026-11-24T10:00:00Z');
function flow(flowId: string, updatedAt: string): StoredFlow {
  return {
    flow: {
      flowId,
      submittedAt: updatedAt,
      updatedAt,
      flowType: 'CustomerInvoice',
      flowDirection: 'Out' as const,
      flowSyntax: 'UBL' as const,
      acknowledgement: { status: 'Ok' as const },
    },
    original: Buffer.from('<Invoice/>'),
    fileName: `${flowId}.xml`,
  };
}

describe('sandbox flow store', () => {
  it('gives strictly increasing updatedAt within one millisecond', () => {
    const store = createFlowStore(() => at);
    const stamps = [store.stamp(), store.stamp(), store.stamp()];
    expect(new Set(stamps).size).toBe(3);
    expect([...stamps].sort()).toEqual(stamps);
  });

  it('forgets the oldest flows beyond its bound, and still finds the others', () => {
    const store = createFlowStore(() => at, 3);
    for (const id of ['a', 'b', 'c', 'd', 'e']) store.add(flow(id, store.stamp()));
    expect(store.size()).toBe(3);
    expect(store.get('a')).toBeUndefined();
    expect(store.get('b')).toBeUndefined();
    expect(store.search({ flowDirection: ['Out'] }, 10).map((f) => f.flowId)).toEqual(['c', 'd', 'e']);
  });
});
