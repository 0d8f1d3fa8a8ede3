/** The compiled GraphQL-to-wire renaming of submitted documents (src/schema/input-to-wire.ts) against the generic one. */
import { coerceInputValue, isInputObjectType, type GraphQLInputObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/schema/index.ts';
import { inputToWireOf } from '../../src/schema/input-to-wire.ts';
import { inputToWire } from '../../src/schema/wire-names.ts';
import { creditNote, DKK_EXAMPLE, OFFICIAL_EXAMPLES, invoice, loadExample, toGraphQLInput } from '../support/documents.ts';

function inputType(name: string): GraphQLInputObjectType {
  const type = schema.getType(name);
  if (!isInputObjectType(type)) throw new Error(`${name} missing`);
  return type;
}

/** The document as GraphQL's variable coercion hands it to the resolver (schema fields, schema order). */
function coerced(typeName: string, wire: unknown): unknown {
  return coerceInputValue(toGraphQLInput(wire), inputType(typeName));
}

describe('inputToWireOf', () => {
  it.each([
    ...[...OFFICIAL_EXAMPLES, DKK_EXAMPLE].map((name) => [name, 'InvoiceInput', loadExample(name)] as const),
    [
      'an invoice with nulls and no optional fields',
      'InvoiceInput',
      invoice().with('due_date', null).with('status', null).without('customer_id').build(),
    ] as const,
    ['a credit note', 'CreditNoteInput', creditNote().build()] as const,
  ])('gives the generic conversion byte for byte: %s', (_name, typeName, wire) => {
    const input = coerced(typeName, wire);
    const converted = inputToWireOf(inputType(typeName))(input);
    expect(JSON.stringify(converted)).toBe(JSON.stringify(inputToWire(input)));
  });

  it('drops null and absent fields, and keeps the schema order of what is left', () => {
    const type = inputType('InvoiceInput');
    const input = coerced('InvoiceInput', invoice().with('due_date', null).build()) as Record<string, unknown>;
    const converted = inputToWireOf(type)(input) as Record<string, unknown>;
    expect(converted).not.toHaveProperty('due_date');
    expect(Object.keys(converted)).toEqual(
      Object.keys(input)
        .filter((name) => input[name] != null)
        .map((name) => inputToWire({ [name]: 1 }) as object)
        .flatMap(Object.keys),
    );
  });

  it('leaves a value that is not an object where the type wants one to the generic conversion', () => {
    const convert = inputToWireOf(inputType('InvoiceInput'));
    expect(convert('not an object')).toBe('not an object');
    expect(convert([{ unitAmount: 1 }])).toEqual([{ unit_amount: 1 }]);
  });
});
