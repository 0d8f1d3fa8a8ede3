/**
 * Small builders shared by the type files (`./types/`): enums whose values each carry a description, the
 * error options of a mutation's result union, the lookup of one record by id, and the page of a cursor connection.
 */
import { type DefaultConnectionArguments, resolveCursorConnection, type ResolveCursorConnectionArgs } from '@pothos/plugin-relay';
import type { ObjectRef } from '@pothos/core';
import type { Context } from '../app/context.ts';
import { builder, type SchemaTypes } from './builder.ts';

type Types = PothosSchemaTypes.ExtendDefaultTypes<SchemaTypes>;

/** `{ NAME: [value, description] }`: the values of an `enumType`, in order. */
type DescribedValues = Record<string, readonly [value: string, description: string]>;

/** An enum type whose every value has a description: `enumType('Name', 'What it is.', { NAME: ['value', 'Meaning.'] })`. */
export function enumType<const V extends DescribedValues>(name: string, description: string | undefined, values: V) {
  const configs = Object.fromEntries(Object.entries(values).map(([key, [value, meaning]]) => [key, { value, description: meaning }]));
  return builder.enumType(name, {
    description,
    values: configs as { [K in keyof V]: { value: V[K][0]; description: string } },
  });
}

/** The `errors` options of a mutation whose result union `union` holds its record directly and the error types `types`. */
export function resultErrors<T extends object>(union: string, types: T[]) {
  return { types, directResult: true as const, union: { name: union } };
}

/** Where a page starts and ends, as the stores take it: after or before a cursor, backwards when `last` was asked. */
interface PageBounds {
  after?: string;
  before?: string;
  backwards: boolean;
  limit: number;
}

/** A cursor connection's page (20 by default, at most 100), listed by `list` from its bounds; `toCursor` names a row. */
export function pageOf<T>(
  args: DefaultConnectionArguments,
  list: (bounds: PageBounds) => Promise<readonly T[]>,
  toCursor: (row: T) => string,
) {
  return resolveCursorConnection<Promise<readonly T[]>>(
    { args, toCursor, defaultSize: 20, maxSize: 100 },
    ({ after, before, limit, inverted }: ResolveCursorConnectionArgs) => list({ after, before, backwards: inverted, limit }),
  );
}

/** The names of a connection's types (`NameConnection`, `NameEdge`), the two last arguments of `t.connection`. */
export function connectionNames<const N extends string>(name: N) {
  return [{ name: `${name}Connection` as const }, { name: `${name}Edge` as const }] as const;
}

/** The options of a nullable query field (`t.field(byId(...))`): one of the caller's `type` by its `id` argument (`find`), null if unknown. */
export function byId<T>(
  t: Pick<PothosSchemaTypes.QueryFieldBuilder<Types, object>, 'arg'>,
  type: ObjectRef<Types, T>,
  description: string | undefined,
  find: (id: string, ctx: Context) => Promise<T | null | undefined>,
) {
  const args = { id: t.arg.id({ required: true }) };
  return {
    type,
    nullable: true as const,
    description,
    args,
    resolve: (_root: unknown, { id }: { id: string }, ctx: Context) => find(id, ctx),
  };
}
