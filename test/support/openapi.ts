/**
 * Conformance of live replies to the OpenAPI document the gateway serves
 * (`rest-facade/openapi.ts`). Schemas are compiled once, on first use, by a
 * single Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1); every check
 * after that is synchronous. Also names the documented path templates, so the
 * suites that check the document and those that check replies agree on them.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import { openApiDocument } from '../../rest-facade/openapi/index.ts';
import type { Reply } from './client.ts';

/** A JSON object read loosely: a node of the document, or a parsed reply body. */
export type Obj = Record<string, any>;

/** OpenAPI path keys (the `pathTemplate` of assertConformsToOpenApi) of the operations the suites exercise. */
export const INVOICES = '/v1/invoices';
export const INVOICE = '/v1/invoices/{invoiceId}';
export const STATUSES = '/v1/invoices/{invoiceId}/statuses';
export const CREDIT_NOTES = '/v1/credit-notes';
export const CREDIT_NOTE = '/v1/credit-notes/{creditNoteId}';
export const LIFECYCLE_EVENTS = '/pa/v1/lifecycle-events';
export const WEBHOOK_ENDPOINTS = '/v1/webhook-endpoints';
export const WEBHOOK_ENDPOINT = '/v1/webhook-endpoints/{endpointId}';
export const ROTATE_SECRET = '/v1/webhook-endpoints/{endpointId}/rotate-secret';
export const DELIVERIES = '/v1/webhook-endpoints/{endpointId}/deliveries';
export const REDELIVER = '/v1/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver';

// ajv-formats is CommonJS with `exports.default`; under NodeNext the default import is the module object.
const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (ajv: Ajv2020) => void;

const DOCUMENT_ID = 'https://passerelle.invalid/openapi.json';
const document = structuredClone(openApiDocument) as Obj;

// Strict mode off: OpenAPI adds keywords (`example`, `discriminator`) and the
// whole document is registered as one schema so `#/components/...` refs
// resolve against it wherever a schema sits.
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ ...document, $id: DOCUMENT_ID });

const validators = new Map<string, ValidateFunction>();

/** `a/b` -> `a~1b` (RFC 6901). */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function at(pointer: string): unknown {
  let node: unknown = document;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node !== null && typeof node === 'object' ? (node as Obj)[key] : undefined;
  }
  return node;
}

/** Follows `$ref`s to components; returns the object and its own pointer (so schemas compile from the right place). */
function deref(node: Obj, pointer: string): { node: Obj; pointer: string } {
  while (typeof node['$ref'] === 'string') {
    const target = (node['$ref'] as string).replace(/^#/, '');
    const resolved = at(target);
    if (!resolved || typeof resolved !== 'object') throw new Error(`Unresolvable $ref ${node['$ref']} at ${pointer}`);
    node = resolved as Obj;
    pointer = target;
  }
  return { node, pointer };
}

/**
 * Follows `$ref`s from `node` (a node of the served document) to the node
 * they name. For suites that read the document directly; unlike deref it
 * needs no pointer, since they only want the node.
 */
export function resolveRef(node: Obj): Obj {
  while (typeof node['$ref'] === 'string') {
    node = (node['$ref'] as string)
      .slice(2)
      .split('/')
      .reduce((parent: Obj, key) => parent[key.replace(/~1/g, '/').replace(/~0/g, '~')], openApiDocument as unknown as Obj);
  }
  return node;
}

function formatErrors(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => {
    const params = e.params && Object.keys(e.params).length > 0 ? ` ${JSON.stringify(e.params)}` : '';
    return `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'} [${e.schemaPath}]${params}`;
  });
}

/**
 * Validates `value` against the schema at `pointer` in the document (e.g.
 * `/components/schemas/Invoice`); returns readable errors, empty when valid.
 */
export function schemaErrors(pointer: string, value: unknown): string[] {
  let validate = validators.get(pointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer.split('/').map(encodeURIComponent).join('/')}` });
    validators.set(pointer, validate);
  }
  return validate(value) ? [] : formatErrors(validate.errors);
}

/** The pointer of the operation `method pathTemplate`, or undefined when the document has none. */
function operationPointer(method: string, pathTemplate: string): string | undefined {
  const pointer = `/paths/${escapePointer(pathTemplate)}/${method}`;
  return at(pointer) ? pointer : undefined;
}

function mediaTypeOf(header: string | null): string | undefined {
  return header?.split(';', 1)[0]?.trim().toLowerCase() || undefined;
}

function documentedMediaType(content: Obj, actual: string): string | undefined {
  if (actual in content) return actual;
  const range = `${actual.split('/')[0]}/*`;
  return range in content ? range : '*/*' in content ? '*/*' : undefined;
}

function checkHeaders(reply: Reply, headers: Obj | undefined, pointer: string, problems: string[]): void {
  for (const [name, raw] of Object.entries(headers ?? {})) {
    const { node: header, pointer: headerPointer } = deref(raw as Obj, `${pointer}/${escapePointer(name)}`);
    const value = reply.headers.get(name);
    if (value === null) {
      if (header['required']) problems.push(`required header ${name} is missing`);
      continue;
    }
    if (header['schema']) {
      for (const error of schemaErrors(`${headerPointer}/schema`, value)) problems.push(`header ${name}: "${value}" ${error}`);
    }
  }
}

function checkBody(reply: Reply, content: Obj | undefined, pointer: string, problems: string[]): void {
  const actual = mediaTypeOf(reply.headers.get('content-type'));
  if (!content || Object.keys(content).length === 0) {
    if (reply.text.length > 0) problems.push(`a body (${actual ?? 'no Content-Type'}) was sent but none is documented`);
    return;
  }
  if (!actual) return void problems.push(`no Content-Type; documented: ${Object.keys(content).join(', ')}`);
  const mediaType = documentedMediaType(content, actual);
  if (!mediaType) {
    return void problems.push(`Content-Type ${actual} is not documented; documented: ${Object.keys(content).join(', ')}`);
  }
  if (!(content[mediaType] as Obj)['schema']) return;
  // A JSON media type is parsed; any other (application/xml) is checked as the string it is.
  let body: unknown = reply.text;
  if (/json$/.test(mediaType)) {
    try {
      body = JSON.parse(reply.text);
    } catch {
      return void problems.push(`body is not JSON: ${reply.text.slice(0, 200)}`);
    }
  }
  const schemaPointer = `${pointer}/content/${escapePointer(mediaType)}/schema`;
  for (const error of schemaErrors(schemaPointer, body)) problems.push(`body ${error}`);
}

/** The methods the facade serves. */
export type HttpMethod = 'get' | 'post' | 'patch' | 'delete';

/**
 * Throws (with a readable message listing every mismatch) unless `reply` is a
 * documented response of `method pathTemplate`: status documented,
 * Content-Type matches the documented media type, body valid against its
 * schema, documented required headers present (and every documented header
 * that is present valid against its schema).
 * @param pathTemplate the OpenAPI path key, e.g. `/v1/invoices/{invoiceId}`.
 */
export function assertConformsToOpenApi(reply: Reply, method: HttpMethod, pathTemplate: string): void {
  const operation = operationPointer(method, pathTemplate);
  if (!operation) throw new Error(`OpenAPI documents no operation ${method.toUpperCase()} ${pathTemplate}`);
  const responses = at(`${operation}/responses`) as Obj;
  const status = String(reply.status);
  const key = [status, `${status[0]}XX`, 'default'].find((candidate) => candidate in responses);
  const problems: string[] = [];
  if (!key) {
    problems.push(`status ${status} is not documented; documented: ${Object.keys(responses).join(', ')}`);
  } else {
    const { node: response, pointer } = deref(responses[key] as Obj, `${operation}/responses/${key}`);
    checkHeaders(reply, response['headers'] as Obj | undefined, `${pointer}/headers`, problems);
    checkBody(reply, response['content'] as Obj | undefined, pointer, problems);
  }
  if (problems.length > 0) {
    throw new Error(
      `${method.toUpperCase()} ${pathTemplate} -> ${status} does not conform to the OpenAPI document:\n` +
        problems.map((p) => `  - ${p}`).join('\n') +
        `\nbody: ${reply.text.slice(0, 500)}`,
    );
  }
}

/** `assertConformsToOpenApi` under the shorter name the PATCH and DELETE checks use. */
export const conforms = (reply: Reply, method: HttpMethod, template: string) => assertConformsToOpenApi(reply, method, template);
