/**
 * Gateway identifiers. A submission id is a UUIDv7 (RFC 9562): its first 48
 * bits are the creation time in milliseconds, and the generator is monotonic
 * within a process, so ids sort in creation order and the newest-first
 * listing needs one index only.
 */
import { v7 as uuidv7, validate as uuidValidate } from 'uuid';

/** A new submission id and the creation time it embeds (its `created_at`). */
export function newSubmissionId(): { id: string; createdAt: Date } {
  const id = uuidv7();
  const msecs = Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
  return { id, createdAt: new Date(msecs) };
}

/** True when `value` is a UUID in canonical text form; anything else cannot name a row. */
export function isUuid(value: string): boolean {
  return uuidValidate(value);
}
