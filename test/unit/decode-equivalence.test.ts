/**
 * The compiled REST decoder (rest-facade/decode.ts) and the compiled
 * GraphQL-to-wire renaming (src/schema/input-to-wire.ts) against their
 * reference implementations, on generated bodies: valid documents with random
 * edits (fields removed, nulled, replaced by any JSON value, unknown fields).
 */
import fc from 'fast-check';
import { GraphQLNonNull, coerceInputValue, isInputObjectType, type GraphQLInputObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { decodeInput } from '../../rest-facade/decode.ts';
import { decodeInputReference } from '../../rest-facade/decode-reference.ts';
import { schema } from '../../src/schema/index.ts';
import { inputToWireOf } from '../../src/schema/input-to-wire.ts';
import { inputToWire } from '../../src/schema/wire-names.ts';
import { creditNote, OFFICIAL_EXAMPLES, invoice, loadExample } from '../support/documents.ts';
import { mutated } from '../support/mutations.ts';

function inputType(name: string): GraphQLInputObjectType {
  const type = schema.getType(name);
  if (!isInputObjectType(type)) throw new Error(`${name} missing`);
  return type;
}

const CASES = [
  ['InvoiceInput', invoice().build()],
  ['InvoiceInput', loadExample(OFFICIAL_EXAMPLES[0])],
  ['CreditNoteInput', creditNote().build()],
] as const;

const RUNS = Number(process.env.EQUIVALENCE_RUNS ?? 300);

describe.each(CASES)('compiled code equals its reference (%s)', (typeName, base) => {
  const type = new GraphQLNonNull(inputType(typeName));

  it("decodeInput gives the reference decoder's result, issues and their order included", () => {
    fc.assert(
      fc.property(mutated(base), (body) => {
        expect(decodeInput(type, body)).toEqual(decodeInputReference(type, body));
      }),
      { numRuns: RUNS },
    );
  });

  it('inputToWireOf gives the generic renaming byte for byte on every decodable body', () => {
    fc.assert(
      fc.property(mutated(base), (body) => {
        const decoded = decodeInput(type, body);
        if (!decoded.ok) return;
        const input = coerceInputValue(decoded.value, type);
        expect(JSON.stringify(inputToWireOf(type)(input))).toBe(JSON.stringify(inputToWire(input)));
      }),
      { numRuns: RUNS },
    );
  });
});
