/**
 * The shape of submitted documents, written once: every object, its fields in
 * wire order (snake_case, as the interface spec names them), their kinds,
 * required-ness, EN 16931 business terms and descriptions. Derived from it:
 * the domain types (`../documents.ts`), the GraphQL input types
 * (`src/schema/document-input.ts`) and the OpenAPI request schemas
 * (`rest-facade/openapi/documents.ts`); `test/unit/document-shape.test.ts`
 * checks its business terms and pointers against docs/mapping.md.
 */
import { CreditNote, Invoice } from './bodies.ts';
import { Address, CustomerSnapshot, TaxId } from './customer.ts';
import type { FieldSpec, ObjectName, ObjectSpec } from './kinds.ts';
import { CreditNoteLine, InvoiceLine, Tax } from './lines.ts';

export type { FieldKind, FieldSpec, ObjectName, ObjectSpec, ScalarKind } from './kinds.ts';

/** Every object of the shape, by name; objects come before the objects that hold them. */
export const DOCUMENT_SHAPE = {
  Tax,
  InvoiceLine,
  CreditNoteLine,
  Address,
  TaxId,
  CustomerSnapshot,
  Invoice,
  CreditNote,
} as const satisfies Record<ObjectName, ObjectSpec>;

type Shape = typeof DOCUMENT_SHAPE;
type FieldsOf<N extends ObjectName> = Shape[N]['fields'];

/** The TypeScript type of a field's value on the wire: amounts are numbers of minor units. */
type ValueOf<F> = F extends { kind: 'object'; of: infer N extends ObjectName }
  ? WireObject<N>
  : F extends { kind: 'list'; of: infer N extends ObjectName }
    ? WireObject<N>[]
    : F extends { kind: 'amount' | 'number' }
      ? number
      : F extends { kind: 'boolean' }
        ? boolean
        : string;

type RequiredKey<Fs> = { [K in keyof Fs]: Fs[K] extends { required: true } ? K : never }[keyof Fs];

type Flatten<T> = { [K in keyof T]: T[K] };

/**
 * An object of the shape as the domain reads it once structurally checked:
 * required fields present, optional ones possibly absent, unknown extra fields kept.
 */
export type WireObject<N extends ObjectName> = Flatten<
  { -readonly [K in keyof FieldsOf<N> as K extends RequiredKey<FieldsOf<N>> ? K : never]: ValueOf<FieldsOf<N>[K]> } & {
    -readonly [K in keyof FieldsOf<N> as K extends RequiredKey<FieldsOf<N>> ? never : K]?: ValueOf<FieldsOf<N>[K]>;
  } & { [extra: string]: unknown }
>;

/** The fields of an object in wire order, with their wire names. */
export function fieldsOf(name: ObjectName): Array<[wireName: string, field: FieldSpec]> {
  return Object.entries(DOCUMENT_SHAPE[name].fields as Readonly<Record<string, FieldSpec>>);
}

/** Wire names of an object's `identifier` fields: the ones keying a unique index, checked before anything else. */
export function identifierFields(name: ObjectName): string[] {
  return fieldsOf(name)
    .filter(([, field]) => field.kind === 'identifier')
    .map(([wireName]) => wireName);
}
