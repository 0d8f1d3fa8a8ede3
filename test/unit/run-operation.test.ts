/** The in-process operation runner checks every built-in document when it is built, and runs typed documents. */
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../rest-facade/operations.ts';
import { WEBHOOK_OPERATIONS } from '../../rest-facade/webhook-operations.ts';
import { GRAPHQL_ENV, graphqlEnvSource } from '../../scripts/graphql-env.ts';
import { operationRunner, type RunOperation } from '../../src/graphql/run-operation.ts';
import { graphql } from '../../src/graphql/tada.ts';
import { schema } from '../../src/schema/index.ts';
import { readFileSync } from 'node:fs';
import type { Context } from '../../src/app/context.ts';

const BUILT_INS = [...Object.values(OPERATIONS), ...Object.values(WEBHOOK_OPERATIONS)];

describe('operationRunner', () => {
  it('accepts every built-in document of the gateway', () => {
    expect(() => operationRunner(schema, BUILT_INS)).not.toThrow();
  });

  it('refuses, when built, a document the schema does not accept', () => {
    const conflicting = parse(`mutation ($input: InvoiceInput!) { result: submitInvoice(input: $input) {
      ... on DuplicateSubmission { existing { id } } ... on IdempotencyConflict { existing: original { id } } } }`);
    expect(() => operationRunner(schema, [conflicting])).toThrow(/invalid built-in operation: Fields "existing" conflict/);
  });

  it('refuses, when built, a typed document whose variable the schema types differently', () => {
    // Well-typed for gql.tada's document parser, refused by validation: `$id` is nullable where `ID!` is required.
    const nullableId = graphql(`query ($id: ID) { result: invoice(id: $id) { id } }`);
    expect(() => operationRunner(schema, [...BUILT_INS, nullableId])).toThrow(/invalid built-in operation: Variable "\$id"/);
  });

  it('runs a typed document and returns its result field', async () => {
    const run = operationRunner(schema, BUILT_INS);
    const outcome = await run(graphql(`query { result: __typename }`), {}, {} as Context);
    expect(outcome).toEqual({ ok: true, result: 'Query' });
  });
});

/**
 * Checked by `tsc --noEmit`: a wrong variable or a field the
 * document does not select is a compile error (each `@ts-expect-error` fails
 * the type check if it stops being one).
 */
async function typedCalls(run: RunOperation, context: Context): Promise<void> {
  // @ts-expect-error `id` is an ID (string), not a number
  await run(OPERATIONS.invoice, { id: 1 }, context);
  // @ts-expect-error `input` is required
  await run(OPERATIONS.setSellerProfile, {}, context);
  const outcome = await run(OPERATIONS.invoice, { id: 'x' }, context);
  if (!outcome.ok || !outcome.result) return;
  const state: string = outcome.result.processingState;
  // @ts-expect-error `statuses` is not selected by the SubmissionRecord fragment
  void [state, outcome.result.statuses];
}

describe('RunOperation', () => {
  it('passes the typed calls through as written (their types are what `tsc --noEmit` checks)', async () => {
    const calls: unknown[][] = [];
    const run = (async (...args: unknown[]) => {
      calls.push(args);
      return { ok: false, errors: [] };
    }) as RunOperation;
    await typedCalls(run, {} as Context);
    expect(calls.map(([document, variables]) => [document, variables])).toEqual([
      [OPERATIONS.invoice, { id: 1 }],
      [OPERATIONS.setSellerProfile, {}],
      [OPERATIONS.invoice, { id: 'x' }],
    ]);
  });
});

describe('src/graphql/graphql-env.d.ts', () => {
  it('is the gql.tada introspection of the committed schema.graphql (`npm run graphql:env` when stale)', () => {
    expect(readFileSync(GRAPHQL_ENV, 'utf8')).toBe(graphqlEnvSource());
  });
});
