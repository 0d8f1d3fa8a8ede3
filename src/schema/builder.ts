/**
 * The Pothos schema builder and its type configuration. Type definitions live
 * in `./types/`, one file per GraphQL type; `./index.ts` loads them.
 */
import SchemaBuilder from '@pothos/core';
import ErrorsPlugin from '@pothos/plugin-errors';
import RelayPlugin from '@pothos/plugin-relay';
import ValidationPlugin from '@pothos/plugin-validation';
import type { Context } from '../app/context.ts';

export interface SchemaTypes {
  Context: Context;
  Scalars: {
    ID: { Input: string; Output: string };
    /** Integer within ±(2^53 - 1); amounts in the currency's minor units. */
    SafeInt: { Input: number; Output: number };
    /** RFC 3339 date-time, kept as written (offset preserved). */
    DateTime: { Input: string; Output: Date | string };
    /** ISO 8601 calendar date, YYYY-MM-DD. */
    Date: { Input: string; Output: string };
  };
  DefaultInputFieldRequiredness: false;
  /** Outputs are non-null unless a field says otherwise. */
  DefaultFieldNullability: false;
  DefaultEdgesNullability: false;
  DefaultNodeNullability: false;
}

export const builder = new SchemaBuilder<SchemaTypes>({
  defaultFieldNullability: false,
  // The errors plugin must come before validation to turn its failures into typed results.
  plugins: [ErrorsPlugin, ValidationPlugin, RelayPlugin],
  errors: { defaultTypes: [], unsafelyHandleInputErrors: true },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    edgesFieldOptions: { nullable: false },
    nodeFieldOptions: { nullable: false },
  },
});
