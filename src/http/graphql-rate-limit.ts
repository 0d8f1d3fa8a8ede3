/**
 * GraphQL's share of the per-tenant rate limits (src/limits/rate-limits.ts):
 * each operation of a tenant is charged its cost, as graphql-armor measures
 * it for the query limits, computed once per document. Used by Yoga (an
 * envelop plugin, so GraphQL over WebSocket is charged too) and by the fast
 * path.
 */
import type { Plugin } from '@envelop/core';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { GraphQLError, validate, type DocumentNode, type GraphQLSchema, type ValidationRule } from 'graphql';
import type { Context } from '../app/context.ts';
import type { RateDecision } from '../limits/rate-limits.ts';

const costs = new WeakMap<DocumentNode, number>();

/** graphql-armor's cost of `document` (introspection not counted), at least 1; cached per document. */
export function operationCost(schema: GraphQLSchema, document: DocumentNode): number {
  let cost = costs.get(document);
  if (cost === undefined) {
    let measured = 1;
    const rule = costLimitRule({
      maxCost: Number.MAX_SAFE_INTEGER,
      ignoreIntrospection: true,
      onAccept: [(_context, { n }) => void (measured = Math.max(1, n ?? 1))],
      onReject: [],
      propagateOnRejection: false,
    }) as unknown as ValidationRule;
    validate(schema, document, [rule]);
    cost = measured;
    costs.set(document, cost);
  }
  return cost;
}

/** The 429 of a refused operation, carrying its headers for Yoga's result processor. */
export function rateLimitedError(decision: RateDecision & { allowed: false }): GraphQLError {
  return new GraphQLError(decision.message, { extensions: { code: 'RATE_LIMITED', http: { status: 429, headers: decision.headers } } });
}

/** Charges a tenant's operation; undefined when it may run, else the error to answer with. */
export async function chargeOperation(context: Context, schema: GraphQLSchema, document: DocumentNode): Promise<GraphQLError | undefined> {
  if (context.principal.kind !== 'tenant') return undefined;
  const decision = await context.rateLimits.check(context.principal.tenant.id, 'graphql', operationCost(schema, document));
  return decision.allowed ? undefined : rateLimitedError(decision);
}

/** The envelop plugin: refuses an operation over its tenant's budget before it runs. */
export function useGraphQLRateLimit(): Plugin {
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const refused = await chargeOperation(args.contextValue as Context, args.schema, args.document);
      if (refused) setResultAndStopExecution({ errors: [refused] });
    },
    async onSubscribe({ args, setResultAndStopExecution }) {
      const refused = await chargeOperation(args.contextValue as Context, args.schema, args.document);
      if (refused) setResultAndStopExecution({ errors: [refused] });
    },
  };
}
