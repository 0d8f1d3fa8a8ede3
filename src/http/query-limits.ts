/**
 * What a GraphQL request must pass before the gateway spends anything on it beyond reading its body, one source
 * for Yoga (request-guards.ts), the fast path (graphql-fast-path.ts) and GraphQL over WebSocket (websocket.ts):
 * - request parameters: a plain object without an own `then`, at most `tokens` tokens, variables at most
 *   `variableDepth` deep (coercion and error printing recurse);
 * - the document: `tokens` counted while parsing (graphql-armor's parser), so a huge document stops early;
 * - validation: `depth`, `aliases`, `directives` and `cost` (graphql-armor), and no field suggestions (request-guards.ts).
 * Every refusal is a GraphQL error with HTTP status 400; defaults and costs: docs/graphql-limits.md.
 */
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { MaxTokensParserWLexer } from '@escape.tech/graphql-armor-max-tokens';
import {
  GraphQLError,
  Lexer,
  Source,
  specifiedRules,
  TokenKind,
  type DocumentNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/** The limits; see docs/graphql-limits.md for what the gateway's own queries use of them. */
export const QUERY_LIMITS = {
  /** Lexical tokens in a document. */
  tokens: 4000,
  /** Selection depth (introspection excluded). */
  depth: 10,
  /** Aliases in an operation. */
  aliases: 20,
  /** Directives in an operation. */
  directives: 20,
  /** graphql-armor's cost: 2 per object field, 1 per leaf, times 1.5 per level. */
  cost: 20_000,
  /** Nesting of arrays and objects in the variables. */
  variableDepth: 32,
} as const;

/** A client error carrying its HTTP status, as Yoga's result processor reads it. */
export function requestError(message: string, code = 'BAD_REQUEST', status = 400): GraphQLError {
  return new GraphQLError(message, { extensions: { code, http: { status } } });
}

/** How deeply arrays and objects nest in `value`, counting up to `limit + 1` only (iterative: no stack to overflow). */
export function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return deepest;
}

/**
 * True when `query` holds more than `limit` lexical tokens, counted without
 * parsing (a syntax error stops the count: the parser reports it). Checked
 * with the parameters, so an oversized document is a 400 before Yoga parses
 * it (Yoga answers its own parse errors with 200 under application/json).
 */
function exceedsTokenLimit(query: string, limit: number): boolean {
  // Every token is at least one character long: short documents cannot be over.
  if (query.length <= limit) return false;
  const lexer = new Lexer(new Source(query));
  try {
    for (let count = 0; lexer.advance().kind !== TokenKind.EOF; ) {
      if (++count > limit) return true;
    }
  } catch {
    return false;
  }
  return false;
}

/**
 * The problem with GraphQL-over-HTTP parameters, or undefined when they may
 * go on: not an object, an own `then` key, variables that are not an object
 * or nest deeper than `QUERY_LIMITS.variableDepth`.
 */
export function paramsProblem(params: unknown): GraphQLError | undefined {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) {
    return requestError('The request parameters must be a JSON object.');
  }
  if (Object.hasOwn(params, 'then')) return requestError('Unknown request parameter "then".');
  const query = (params as { query?: unknown }).query;
  if (typeof query === 'string' && exceedsTokenLimit(query, QUERY_LIMITS.tokens)) {
    return requestError(`The document has more than ${QUERY_LIMITS.tokens} tokens; split it into smaller operations.`);
  }
  const variables = (params as { variables?: unknown }).variables;
  if (variables == null || typeof variables === 'string') return undefined; // GET sends them as text; Yoga parses that
  if (typeof variables !== 'object' || Array.isArray(variables)) return requestError('"variables" must be a JSON object.');
  if (nestingDepth(variables, QUERY_LIMITS.variableDepth) > QUERY_LIMITS.variableDepth) {
    return requestError(`Variables are nested too deeply: at most ${QUERY_LIMITS.variableDepth} levels of arrays and objects.`);
  }
  return undefined;
}

/**
 * Parses `source`, stopping as soon as it counts more than
 * `QUERY_LIMITS.tokens` tokens. @throws GraphQLError (a syntax error, or the
 * token limit with HTTP status 400).
 */
export function parseWithLimits(source: string): DocumentNode {
  try {
    return new MaxTokensParserWLexer(source, {
      n: QUERY_LIMITS.tokens,
      exposeLimits: true,
      errorMessage: '',
      onAccept: [],
      onReject: [],
      propagateOnRejection: true,
    }).parseDocument();
  } catch (error) {
    if (error instanceof GraphQLError) {
      throw new GraphQLError(error.message, {
        nodes: error.nodes,
        source: error.source,
        positions: error.positions,
        extensions: { code: 'GRAPHQL_PARSE_FAILED', http: { status: 400 } },
      });
    }
    throw error;
  }
}

/** Each rule reports its refusal as a validation error (armor's own default throws out of `validate`). */
const limitOptions = {
  exposeLimits: true,
  onAccept: [],
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) =>
      context?.reportError(new GraphQLError(error.message.replace(/^Syntax Error: /, ''))),
  ],
  propagateOnRejection: false,
};

/** graphql-armor's validation rules at `QUERY_LIMITS`. */
export const LIMIT_RULES: readonly ValidationRule[] = [
  maxDepthRule({ ...limitOptions, n: QUERY_LIMITS.depth, ignoreIntrospection: true, flattenFragments: true }) as unknown as ValidationRule,
  maxAliasesRule({ ...limitOptions, n: QUERY_LIMITS.aliases }) as unknown as ValidationRule,
  maxDirectivesRule({ ...limitOptions, n: QUERY_LIMITS.directives }) as unknown as ValidationRule,
  costLimitRule({ ...limitOptions, maxCost: QUERY_LIMITS.cost, ignoreIntrospection: true }) as unknown as ValidationRule,
];

/** graphql-js's rules and the limits: what every document is validated with. */
export const VALIDATION_RULES: readonly ValidationRule[] = [...specifiedRules, ...LIMIT_RULES];
