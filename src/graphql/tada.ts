/**
 * `graphql()` for the gateway's built-in operations: a gql.tada document whose
 * variables and result types are inferred from the committed schema
 * (`graphql-env.d.ts`, generated from `schema.graphql` by `npm run graphql:env`
 * and checked by `npm run schema:check`). Fragments are not masked: a handler
 * reads the fields its operation spreads, as a GraphQL client without a
 * fragment-colocating framework would.
 */
import { initGraphQLTada } from 'gql.tada';
import type { introspection } from './graphql-env.d.ts';

/** Builds a typed document; fragments it spreads are passed as the second argument. */
export const graphql = initGraphQLTada<{
  introspection: introspection;
  disableMasking: true;
  // The wire forms of the custom scalars (src/schema/types/scalars.ts): ISO 8601 strings, and a safe integer.
  scalars: { Date: string; DateTime: string; SafeInt: number };
}>();

export type { FragmentOf, ResultOf, VariablesOf } from 'gql.tada';
