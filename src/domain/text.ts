/**
 * Text PostgreSQL can store unchanged. Its `text` type refuses U+0000, and an
 * unpaired UTF-16 surrogate (which a JSON `\ud800` escape yields) has no UTF-8
 * form: the driver would store U+FFFD instead, so the value read back would
 * differ from the one accepted, and two different values could collide.
 */

// In a `u` regex a surrogate pair is one code point, so \p{Cs} matches unpaired surrogates only.
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is exactly what PostgreSQL text cannot store
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** True when `value` has no U+0000 and no unpaired surrogate. */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** The message for a value `isStorableText` refuses. */
export const UNSTORABLE_TEXT = 'must not contain U+0000 or an unpaired surrogate';

const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'gu');

/**
 * `value` with each U+0000 and unpaired surrogate replaced by U+FFFD: for copies kept for display and search
 * (the submission summary), never for what the client's body says (that stays the body's, as submitted).
 */
export function storableCopy(value: string): string {
  return value.replace(UNSTORABLE_ALL, '\uFFFD');
}
