// A refused input's violations on the operation root (src/graphql/run-operation.ts), and the REST 422 built from them (rest-facade/handlers/input.ts).
import type { ServerResponse } from 'node:http';
import type { GraphQLResolveInfo } from 'graphql';
import { describe, expect, it } from 'vitest';
import { sendValidationFailed } from '../../rest-facade/handlers/input.ts';
import { OperationRoot } from '../../src/graphql/run-operation.ts';
import type { RuleViolation } from '../../src/model/rule-catalogue.ts';
import { schema } from '../../src/schema/index.ts';
import { inputIssues } from '../../src/schema/input-issues.ts';

const violations: RuleViolation[] = [
  { path: ['lines', 0, 'taxes', 0], rule: 'BR-S-02', message: 'the seller has no vat_number', profilePath: ['vat_number'] },
  // A key the client sent that no input type has, in camelCase: the pointer is the body's, letter for letter.
  { path: ['customer_snapshot', 'shippingAddress', 'country'], rule: 'BR-CL-14', message: 'Country "fr" is not an ISO code' },
];

/** The `info` of the `submitInvoice` resolver with `rootValue`. */
function submitInfo(rootValue: unknown): GraphQLResolveInfo {
  return { parentType: schema.getMutationType()!, fieldName: 'submitInvoice', schema, rootValue } as unknown as GraphQLResolveInfo;
}

/** A response that keeps what is written to it. */
function recorder() {
  const sent: { status?: number; body?: string } = {};
  const res = {
    writeHead(status: number) {
      sent.status = status;
      return this;
    },
    end(body: string) {
      sent.body = body;
    },
  } as unknown as ServerResponse;
  return { res, sent };
}

describe('the operation root of an in-process run', () => {
  it('receives the violations as the service returned them, while GraphQL gets its issues in GraphQL names', () => {
    const root = new OperationRoot();
    const issues = inputIssues(submitInfo(root), violations);
    expect(root.violations).toBe(violations);
    expect(issues[0]).toMatchObject({ path: '/input/lines/0/taxes/0', profilePath: '/vatNumber', message: 'the seller has no vatNumber' });
  });

  it('is none over a GraphQL transport, whose root value is its own: nothing is written to it', () => {
    const transportRoot = { execute: () => undefined };
    inputIssues(submitInfo(transportRoot), violations);
    expect(OperationRoot.of(submitInfo(transportRoot))).toBeUndefined();
    expect(transportRoot).not.toHaveProperty('violations');
  });
});

describe('sendValidationFailed', () => {
  it('answers 422 with the wire pointers and messages unchanged', () => {
    const root = new OperationRoot();
    root.violations = violations;
    const { res, sent } = recorder();
    sendValidationFailed(res, root);
    expect(sent.status).toBe(422);
    expect(JSON.parse(sent.body!)).toMatchObject({
      type: 'urn:einvoicing:problem:validation-failed',
      detail: '/lines/0/taxes/0 the seller has no vat_number; /customer_snapshot/shippingAddress/country Country "fr" is not an ISO code',
      errors: [
        { path: '/lines/0/taxes/0', rule: 'BR-S-02', message: 'the seller has no vat_number', profile_path: '/vat_number' },
        { path: '/customer_snapshot/shippingAddress/country', rule: 'BR-CL-14', message: 'Country "fr" is not an ISO code' },
      ],
    });
  });

  it('refuses a root no resolver handed violations to: a programming error', () => {
    expect(() => sendValidationFailed(recorder().res, new OperationRoot())).toThrow(/without its violations/);
  });
});
