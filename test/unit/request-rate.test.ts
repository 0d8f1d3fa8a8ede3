// The request counter behind VALIDATION_YIELD_RPS (src/http/request-rate.ts), on a hand-driven clock.
import { describe, expect, it } from 'vitest';
import { createRequestRate } from '../../src/http/request-rate.ts';

describe('request rate', () => {
  it.each([
    // [requests, at (ms), read at (ms), requests per second]
    { case: 'nothing yet', notes: [], readAt: 100, expected: 0 },
    { case: 'ten in the current half second, read 250 ms into it', notes: Array(10).fill(1_000), readAt: 1_250, expected: 40 / 3 },
    { case: 'the previous half second counts whole', notes: Array(50).fill(1_400), readAt: 1_500, expected: 100 },
    { case: 'two buckets back is forgotten', notes: Array(50).fill(1_400), readAt: 2_000, expected: 0 },
    { case: 'a second of silence reads 0', notes: Array(500).fill(1_000), readAt: 2_600, expected: 0 },
    { case: 'steady 200/s', notes: Array.from({ length: 400 }, (_, i) => 1_000 + i * 5), readAt: 3_000, expected: 200 },
  ])('$case', ({ notes, readAt, expected }) => {
    let now = notes[0] ?? 0;
    const rate = createRequestRate(() => now);
    for (const at of notes) {
      now = at;
      rate.note();
    }
    now = readAt;
    expect(rate.perSecond()).toBeCloseTo(expected, 6);
  });
});
