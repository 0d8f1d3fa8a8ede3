import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpointSlots } from '../../../src/webhooks/endpoint-slots.ts';

/** A piece of work that runs until `finish()`, recording when it started and whether it waited. */
function gate() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const seen: { started: boolean; waited?: boolean } = { started: false };
  const work = async (waited: boolean) => {
    seen.started = true;
    seen.waited = waited;
    await done;
    return 'sent';
  };
  return { work, finish, seen };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('endpoint slots', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at most `concurrency` per endpoint, the rest in arrival order, other endpoints unaffected', async () => {
    const run = endpointSlots(2, 10_000);
    const gates = Array.from({ length: 4 }, gate);
    const other = gate();
    const outcomes = gates.map((g) => run('endpoint-a', g.work));
    const otherOutcome = run('endpoint-b', other.work);
    await tick();
    expect(gates.map((g) => g.seen.started)).toEqual([true, true, false, false]);
    expect(other.seen).toEqual({ started: true, waited: false });

    gates[1]!.finish();
    await tick();
    expect(gates.map((g) => g.seen.started)).toEqual([true, true, true, false]);
    gates[0]!.finish();
    await tick();
    expect(gates[3]!.seen.started).toBe(true);
    expect(gates.map((g) => g.seen.waited)).toEqual([false, false, true, true]);

    for (const g of [...gates, other]) g.finish();
    expect(await Promise.all([...outcomes, otherOutcome])).toEqual(Array(5).fill({ ran: true, value: 'sent' }));
  });

  it('gives up after `maxWaitMs` without running the work, and the slot still serves later attempts', async () => {
    vi.useFakeTimers();
    const run = endpointSlots(1, 15_000);
    const busy = gate();
    const late = gate();
    const holding = run('endpoint-a', busy.work);
    const waiting = run('endpoint-a', late.work);
    await vi.advanceTimersByTimeAsync(15_001);
    expect(await waiting).toEqual({ ran: false });
    busy.finish();
    await holding;
    expect(late.seen.started).toBe(false);
    vi.useRealTimers();
    expect(await run('endpoint-a', async (waited) => waited)).toEqual({ ran: true, value: false });
  });

  it('with wait: false, runs only when a slot is free now', async () => {
    const run = endpointSlots(1, 10_000);
    const busy = gate();
    const holding = run('endpoint-a', busy.work);
    const skipped = gate();
    expect(await run('endpoint-a', skipped.work, { wait: false })).toEqual({ ran: false });
    expect(skipped.seen.started).toBe(false);
    busy.finish();
    await holding;
    expect(await run('endpoint-a', async (waited) => waited, { wait: false })).toEqual({ ran: true, value: false });
  });

  it('frees the slot when the work throws', async () => {
    const run = endpointSlots(1, 10_000);
    await expect(run('endpoint-a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await run('endpoint-a', async (waited) => waited)).toEqual({ ran: true, value: false });
  });
});
