// The validation workers' CPU priority (src/validation/priority.ts): each worker thread lowers its own
// nice value, and only its own; the threads that acknowledge submissions keep theirs.
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createValidator } from '../../../src/validation/index.ts';
import { lowerThreadPriority } from '../../../src/validation/priority.ts';

const linux = existsSync('/proc/thread-self');

/** Nice value of each thread of this process, by thread id (field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNices(): Map<number, number> {
  const nices = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    nices.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return nices;
}

describe('validation worker priority', () => {
  it.each([-1, 20, 1.5, Number.NaN])('refuses the nice value %s', (nice) => {
    expect(() => lowerThreadPriority(nice)).toThrow(RangeError);
  });

  it.skipIf(!linux)('runs each validation worker at the nice value asked, the calling thread unchanged', async () => {
    const own = Number(readlinkSync('/proc/thread-self').split('/').pop());
    const before = threadNices();
    const validator = createValidator({ workers: 2, nice: 7 });
    try {
      await Promise.all([validator.validateCdar('<not-cdar/>'), validator.validateCdar('<not-cdar/>')]);
      const after = threadNices();
      const lowered = [...after].filter(([tid, nice]) => nice === 7 && !before.has(tid));
      expect(lowered).toHaveLength(2);
      expect(after.get(own)).toBe(before.get(own));
    } finally {
      await validator.close();
    }
  });

  it.skipIf(!linux)('keeps the process priority with nice 0', async () => {
    const before = threadNices();
    const validator = createValidator({ workers: 1, nice: 0 });
    try {
      await validator.validateCdar('<not-cdar/>');
      const added = [...threadNices()].filter(([tid]) => !before.has(tid));
      expect(added.length).toBeGreaterThan(0);
      expect(added.map(([, nice]) => nice)).toEqual(added.map(() => getPriority()));
    } finally {
      await validator.close();
    }
  });
});
