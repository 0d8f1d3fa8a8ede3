import { describe, expect, it } from 'vitest';
import { isUuid, newTimeOrderedId } from '../../src/domain/ids.ts';

describe('submission ids (UUIDv7, RFC 9562)', () => {
  it('sort in creation order, even many within one millisecond', () => {
    const ids = Array.from({ length: 20_000 }, () => newTimeOrderedId().id);
    const sorted = [...ids].sort();
    expect(new Set(ids).size).toBe(ids.length);
    expect(sorted).toEqual(ids);
  });

  it('are version 7, RFC 9562 variant, and embed their creation time', () => {
    const before = Date.now();
    const { id, createdAt } = newTimeOrderedId();
    const after = Date.now();
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('7');
    expect('89ab').toContain(id[19]);
    // The counter may carry into the next millisecond, never further than that here.
    expect(createdAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(createdAt.getTime()).toBeLessThanOrEqual(after + 1);
  });
});
