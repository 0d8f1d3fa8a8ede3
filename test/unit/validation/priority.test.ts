// The validation workers' CPU priority (src/validation/priority.ts): each worker thread lowers its own
// nice value, and only its own; the threads that acknowledge submissions keep theirs.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createValidator } from '../../../src/validation/index.ts';
import { lowerThreadPriority } from '../../../src/validation/priority.ts';

const linux = existsSync('/proc/thread-self');

/** A field of each thread of this process's /proc/<pid>/task/<tid>/stat (proc(5) numbering: 19 nice, 41 policy), by thread id. */
function threadField(field: number): Map<number, number> {
  const values = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    values.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[field - 3]));
  }
  return values;
}

const threadNices = () => threadField(19);
/** sched(7): 0 SCHED_OTHER, 5 SCHED_IDLE. */
const threadPolicies = () => threadField(41);
const SCHED_OTHER = 0;
const SCHED_IDLE = 5;
const hasChrt = linux && spawnSync('chrt', ['--version']).status === 0;

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

  it.skipIf(!hasChrt)(
    'runs each validation worker under SCHED_IDLE when asked, the calling thread and other workers unchanged',
    async () => {
      const own = Number(readlinkSync('/proc/thread-self').split('/').pop());
      const before = threadPolicies();
      const idle = createValidator({ workers: 2, nice: 10, idle: true });
      const normal = createValidator({ workers: 1, nice: 10 });
      try {
        await Promise.all([idle.validateCdar('<not-cdar/>'), idle.validateCdar('<not-cdar/>')]);
        const afterIdle = threadPolicies();
        expect([...afterIdle].filter(([tid, policy]) => policy === SCHED_IDLE && !before.has(tid))).toHaveLength(2);
        await normal.validateCdar('<not-cdar/>');
        const added = [...threadPolicies()].filter(([tid]) => !afterIdle.has(tid));
        expect(added.length).toBeGreaterThan(0);
        expect(added.every(([, policy]) => policy === SCHED_OTHER)).toBe(true);
        expect(threadPolicies().get(own)).toBe(SCHED_OTHER);
      } finally {
        await Promise.all([idle.close(), normal.close()]);
      }
    },
  );
});
