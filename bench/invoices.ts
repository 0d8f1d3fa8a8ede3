/**
 * Real-shaped request bodies: the French example `examples/fr-b2b-invoice.json`
 * grown to 20 lines (the size of the EN 16931 guide example the benchmark used
 * before the French rules refused it), its totals following the lines, so
 * every request passes the synchronous EN 16931 and BR-FR rules and can reach
 * `validated`; `id` and `number` varied per request,
 * as REST JSON and as a GraphQL `submitInvoice` operation. Bodies are built by
 * joining a pre-serialised template around the varying values, so making one
 * costs the load generator almost nothing next to what the server does.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const EXAMPLE_URL = new URL('../examples/fr-b2b-invoice.json', import.meta.url);
const LINES = 20;

type Line = { id: string; quantity: number; unit_amount: number; amount: number; taxes: Array<{ percentage: number; amount: number }> };

/** The benchmark's invoice as a wire (snake_case) object, 20 lines; a fresh copy on every call. */
export function loadInvoice(): Record<string, unknown> {
  const example = JSON.parse(readFileSync(EXAMPLE_URL, 'utf8')) as Record<string, unknown> & { lines: Line[] };
  const lines = Array.from({ length: LINES }, (_, i) => {
    const line = structuredClone(example.lines[i % example.lines.length]!);
    const quantity = 1 + (i % 7);
    const amount = quantity * line.unit_amount;
    return {
      ...line,
      id: `li_${i + 1}`,
      quantity,
      amount,
      taxes: line.taxes.map((t) => ({ ...t, amount: Math.round((amount * t.percentage) / 100) })),
    };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const tax = lines.reduce((sum, line) => sum + line.taxes.reduce((s, t) => s + t.amount, 0), 0);
  return {
    ...example,
    lines,
    subtotal,
    total_excl_tax: subtotal,
    tax_total: tax,
    total: subtotal + tax,
    amount_paid: 0,
    amount_due: subtotal + tax,
  };
}

/** `customer_id` → `customerId`, the gateway's GraphQL spelling of wire names. */
function toGraphQLName(wireName: string): string {
  return wireName.replace(/_([a-z0-9])/g, (_match, char: string) => char.toUpperCase());
}

/** A wire document as a GraphQL input value (every key camelCased, values kept). */
export function toGraphQLInput(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toGraphQLInput);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [toGraphQLName(key), toGraphQLInput(field)]));
}

/**
 * The mutation a GraphQL client would send for one invoice, asking for what
 * the REST 202 record carries. `__typename` lets the load generator tell an
 * accepted submission from a typed failure, which is also a 200.
 */
export const SUBMIT_INVOICE = `mutation Submit($input: InvoiceInput!, $key: String) {
  submitInvoice(input: $input, idempotencyKey: $key) {
    __typename
    ... on SubmissionAccepted { submission { id saasId number processingState createdAt } }
  }
}`;

/** The lookup a GraphQL client would send to follow a submission and its history. */
export const SUBMISSION_WITH_STATUSES = `query Submission($id: ID!) {
  submission(id: $id) { id number processingState createdAt statuses { code label occurredAt } }
}`;

// Markers the fixture cannot contain and JSON.stringify leaves as they are.
const ID = '@@ID@@';
const NUMBER = '@@NUMBER@@';
const KEY = '@@KEY@@';
const MARKERS = [ID, NUMBER, KEY];

/** Builds a body from the parts around the markers; values must need no JSON escaping. */
type Template = (id: string, number: string, key: string) => string;

function compile(serialised: string): Template {
  const pieces = serialised.split(/(@@ID@@|@@NUMBER@@|@@KEY@@)/);
  const slots = pieces.map((piece) => MARKERS.indexOf(piece));
  return (id, number, key) => {
    const values = [id, number, key];
    let out = '';
    for (let i = 0; i < pieces.length; i++) out += slots[i]! >= 0 ? values[slots[i]!] : pieces[i];
    return out;
  };
}

/** REST `POST /v1/invoices` body for (`id`, `number`); the key goes in a header, not here. */
export function restInvoiceTemplate(): (id: string, number: string) => string {
  const template = compile(JSON.stringify({ ...loadInvoice(), id: ID, number: NUMBER }));
  return (id, number) => template(id, number, '');
}

/** GraphQL `submitInvoice` request body for (`id`, `number`, idempotency `key`). */
export function graphqlInvoiceTemplate(): Template {
  const input = toGraphQLInput({ ...loadInvoice(), id: ID, number: NUMBER });
  return compile(JSON.stringify({ query: SUBMIT_INVOICE, variables: { input, key: KEY } }));
}

/**
 * Unique document identities for one stream of requests: `prefix` names the
 * run and the scenario, `n` counts. SaaS ids, numbers and idempotency keys are
 * all distinct, so no request is a duplicate (409) of another.
 */
export function identity(prefix: string, n: number): { id: string; number: string; key: string } {
  // BT-1 holds at most 35 characters (BR-FR-01): the number carries a digest of the prefix, not the prefix.
  const digest = createHash('sha256').update(prefix).digest('hex').slice(0, 12);
  return { id: `${prefix}-${n}`, number: `N-${digest}-${n}`, key: `K-${prefix}-${n}` };
}
