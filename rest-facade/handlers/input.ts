/**
 * Request-body plumbing shared by the POST handlers: content type, size,
 * JSON, decoding into the input type of the operation the handler runs; the
 * mapping of argument paths back to body pointers for 400 replies; the 422 of a refused input.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type DocumentNode,
  GraphQLNonNull,
  type GraphQLInputObjectType,
  type GraphQLInputType,
  isInputObjectType,
  Kind,
  type TypeNode,
} from 'graphql';
import type { SubmittedBody } from '../../src/app/context.ts';
import { fromJsonPointer, toJsonPointer } from '../../src/domain/json-pointer.ts';
import { type BuiltInOperation, OperationRoot } from '../../src/graphql/run-operation.ts';
import type { ResultOf, VariablesOf } from '../../src/graphql/tada.ts';
import { schema } from '../../src/schema/index.ts';
import { graphQLPathToWire } from '../../src/schema/wire-names.ts';
import { isJsonContentType, readJsonBody } from '../body.ts';
import { decodeInput, type DecodeResult } from '../decode.ts';
import { problemDetail, sendProblem } from '../problem.ts';
import { type HandlerInput, type InputOf, resultOf } from './types.ts';

const inputTypes = new WeakMap<DocumentNode, GraphQLInputObjectType>();

/**
 * The input object type of `operation`'s `$input` variable, read from the
 * document itself (`mutation M($input: InvoiceInput!)` → `InvoiceInput`).
 * @throws when the operation has no `$input` of an input object type: a programming error.
 */
export function inputTypeOf(operation: DocumentNode): GraphQLInputObjectType {
  let type = inputTypes.get(operation);
  if (type) return type;
  const definition = operation.definitions.find((node) => node.kind === Kind.OPERATION_DEFINITION);
  const variable = definition?.variableDefinitions?.find((node) => node.variable.name.value === 'input');
  let node: TypeNode | undefined = variable?.type;
  while (node && node.kind !== Kind.NAMED_TYPE) node = node.type;
  const named = node && schema.getType(node.name.value);
  if (!isInputObjectType(named)) throw new Error(`${definition?.name?.value ?? 'the operation'} has no $input of an input type`);
  type = named;
  inputTypes.set(operation, type);
  return type;
}

/** A GraphQL argument pointer (`/input/lines/0/unitAmount`) as a pointer into the body (`/lines/0/unit_amount`) of `operation`. */
export function bodyPointer(operation: DocumentNode, argumentPointer: string): string {
  const [, ...rest] = fromJsonPointer(argumentPointer);
  return toJsonPointer(graphQLPathToWire(inputTypeOf(operation), rest));
}

/**
 * Reads the body of `req` as the `$input` of `operation`, decoded by `decode`
 * (the gateway's snake_case bodies unless told; `afnor-input.ts` passes its
 * own). On any problem (400, 413) sends the problem record and returns undefined.
 */
export async function readInput<Operation extends BuiltInOperation>(
  req: IncomingMessage,
  res: ServerResponse,
  operation: Operation,
  decode: (type: GraphQLInputType, json: unknown) => DecodeResult = decodeInput,
): Promise<{ input: InputOf<Operation>; body: SubmittedBody } | undefined> {
  if (!isJsonContentType(req.headers['content-type'])) {
    sendProblem(res, 'malformed', { detail: 'Content-Type must be application/json' });
    return undefined;
  }
  // Read as is, a gzip body would be refused as "not valid JSON", a misleading reason.
  const encoding = req.headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    sendProblem(res, 'malformed', { detail: 'Content-Encoding is not supported: send the body uncompressed' });
    return undefined;
  }
  const body = await readJsonBody(req);
  if (!body.ok) {
    sendProblem(res, body.problem, { detail: body.detail }, { Connection: 'close' });
    return undefined;
  }
  // The body itself is required: `null` is as malformed as `[]`.
  const decoded = decode(new GraphQLNonNull(inputTypeOf(operation)), body.json);
  if (!decoded.ok) {
    sendProblem(res, 'malformed', { detail: problemDetail(decoded.issues), errors: decoded.issues });
    return undefined;
  }
  // The one cast of the seam: the decoder has just coerced the value to this very GraphQL input type, which is
  // what gql.tada's `InputOf` describes statically.
  const input = decoded.value as InputOf<Operation>;
  return { input, body: { raw: body.raw, bytes: body.bytes, json: body.json as Record<string, unknown> } };
}

/**
 * Runs the mutation `document`, whose input may be refused, on a fresh `OperationRoot`: on `ValidationFailed` sends
 * the 422 (`sendValidationFailed`, the violations the resolver handed to the root) and returns undefined; otherwise
 * returns the result, which is then any other member of the mutation's union.
 * @throws OperationFailed on GraphQL errors, as `resultOf`.
 */
export async function refusableResultOf<Document extends BuiltInOperation>(
  { res, run, context }: Pick<HandlerInput, 'res' | 'run' | 'context'>,
  document: Document,
  variables: VariablesOf<Document>,
): Promise<Exclude<ResultOf<Document>['result'], { __typename: 'ValidationFailed' }> | undefined> {
  type Accepted = Exclude<ResultOf<Document>['result'], { __typename: 'ValidationFailed' }>;
  const root = new OperationRoot();
  const result = await resultOf(run, document, variables, context, root);
  // TypeScript does not narrow a generic result by its `__typename`; the union members are the document's own.
  if ((result as { __typename?: string }).__typename !== 'ValidationFailed') return result as Accepted;
  sendValidationFailed(res, root);
  return undefined;
}

/**
 * Reads the request body as the `$input` of `operation` (`readInput`) and runs the mutation with the variables
 * `variablesOf` makes of it (`refusableResultOf`); undefined once a 400, 413 or 422 has been sent.
 */
export async function refusableBodyResultOf<Operation extends BuiltInOperation>(
  { req, res, run, context }: Pick<HandlerInput, 'req' | 'res' | 'run' | 'context'>,
  operation: Operation,
  variablesOf: (input: InputOf<Operation>) => VariablesOf<Operation>,
): Promise<Exclude<ResultOf<Operation>['result'], { __typename: 'ValidationFailed' }> | undefined> {
  const read = await readInput(req, res, operation);
  if (!read) return undefined;
  return refusableResultOf({ res, run, context }, operation, variablesOf(read.input));
}

/**
 * The 422 of an operation whose mutation refused its input (`ValidationFailed`, or `SellerMissing` as `kind`):
 * `errors` are the service's violations exactly as the resolver handed them to `root` (`OperationRoot.violations`,
 * src/graphql/run-operation.ts): `path` the JSON pointer into the body, `rule`, the message in the spec's names, and
 * `profile_path` into the seller when the seller decides the rule too.
 * @throws when `root` holds no violations: every refusal goes through `inputIssues`, so this is a programming error.
 */
export function sendValidationFailed(res: ServerResponse, root: OperationRoot, kind: 'invalid' | 'sellerMissing' = 'invalid'): void {
  if (!root.violations) throw new Error('a refused input without its violations on the operation root');
  const errors = root.violations.map((violation) => ({
    path: toJsonPointer(violation.path),
    rule: violation.rule,
    message: violation.message,
    ...(violation.profilePath && { profile_path: toJsonPointer(violation.profilePath) }),
  }));
  sendProblem(res, kind, { detail: problemDetail(errors), errors });
}
