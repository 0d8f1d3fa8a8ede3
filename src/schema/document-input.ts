/**
 * The GraphQL input types of submitted documents, built from the document
 * shape (`src/model/document-shape/`): one input type per object
 * (`InvoiceLine` → `InvoiceLineInput`), its fields in camelCase, non-null when
 * required, with the shape's summary as description. Kinds map to types:
 * identifier, string and currency to String, number to Float, boolean to
 * Boolean, amount to SafeInt, date to Date, date-time to DateTime, objects and
 * lists to the input types of what they hold.
 */
import type { InputObjectRef, InputRef } from '@pothos/core';
import { fieldsOf, identifierFields, type FieldSpec, type ObjectName, type ScalarKind } from '../model/document-shape/index.ts';
import { builder, type SchemaTypes } from './builder.ts';
import { toGraphQLName } from './wire-names.ts';

type Types = PothosSchemaTypes.ExtendDefaultTypes<SchemaTypes>;

/** The input type of an object of the shape (its values in GraphQL names, already coerced). */
export type DocumentInputRef = InputObjectRef<Types, Record<string, unknown>>;

const SCALARS = {
  identifier: 'String',
  string: 'String',
  currency: 'String',
  number: 'Float',
  boolean: 'Boolean',
  amount: 'SafeInt',
  date: 'Date',
  'date-time': 'DateTime',
} as const satisfies Record<ScalarKind, string>;

/**
 * Defines the input type of `name`. `holds` gives the input types of the objects its fields hold
 * (each defined before, in its own file); a missing one is a programming error and throws when the
 * schema is built.
 */
export function documentInput(name: ObjectName, holds: Partial<Record<ObjectName, DocumentInputRef>> = {}): DocumentInputRef {
  return builder.inputType(`${name}Input`, {
    fields: (t) =>
      Object.fromEntries(
        fieldsOf(name).map(([wireName, field]) => [
          toGraphQLName(wireName),
          t.field({
            type: typeOf(name, wireName, field, holds) as InputRef<unknown>,
            required: field.required === true,
            ...(field.summary !== undefined && { description: field.summary }),
          }),
        ]),
      ),
  });
}

function typeOf(
  name: ObjectName,
  wireName: string,
  field: FieldSpec,
  holds: Partial<Record<ObjectName, DocumentInputRef>>,
): DocumentInputRef | [DocumentInputRef] | (typeof SCALARS)[ScalarKind] {
  if (field.kind !== 'object' && field.kind !== 'list') return SCALARS[field.kind];
  const held = field.of && holds[field.of];
  if (!held) throw new Error(`${name}.${wireName}: no input type given for ${field.of ?? 'its object'}`);
  return field.kind === 'list' ? [held] : held;
}

/** GraphQL names of the `identifier` fields of a request body, for `submitArguments`. */
export function identifierArguments(name: ObjectName): string[] {
  return identifierFields(name).map(toGraphQLName);
}
