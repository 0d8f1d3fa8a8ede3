/**
 * The plain GraphQL-over-HTTP request answered without Yoga's Fetch-API pipeline (mounted by app.ts; off with
 * GRAPHQL_FAST_PATH=false): a JSON POST of `{ query, variables?, operationName? }`, Content-Length within 1 MiB,
 * no Origin, Accept JSON, as client libraries and a SaaS's month-end batch send it. Why: Yoga's objects and hooks
 * cost more than the compiled execution they wrap (docs/performance.md). Same semantics as Yoga (documents through
 * graphql-jit, context factory, error masking, Yoga's result processor for errors); anything it cannot answer
 * exactly as Yoga would (other methods or media types, CORS, a bad token, a body failing the request guards, a
 * document Yoga must refuse) goes to Yoga before anything runs, with the body already read (see `delegate`).
 */
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getOperationAST, validate, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { processRegularResult } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import getRawBody from 'raw-body';
import type { CreateContext } from '../app/context.ts';
import { delegate, jsonMediaType, plainJsonParams, sendResponse } from './graphql-request.ts';
import { MAX_BODY_BYTES } from './limits.ts';
import { paramsProblem, parseWithLimits, VALIDATION_RULES } from './query-limits.ts';
import { graphqlLog, maskGraphQLError, serviceUnavailableError, type Yoga } from './yoga.ts';
import { isDatabaseUnavailable } from '../db/availability.ts';
import { chargeOperation } from './graphql-rate-limit.ts';
import { withVariableErrorsNamed } from './variable-errors.ts';

/** What the compiled-document cache may hold, estimated from the documents' text. */
const CACHE_BYTES = 32 * 1024 * 1024;

/** Yoga's message for a masked error (its `maskedErrors.errorMessage` default). */
const MASKED_MESSAGE = 'Unexpected error.';

export interface GraphQLFastPath {
  /**
   * Takes `req` when it is a plain GraphQL POST (true: the fast path answers
   * it, itself or through Yoga); false leaves it to the caller, for Yoga.
   */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** Requests answered here, and requests taken but handed to Yoga (for tests and diagnostics). */
  readonly counts: { answered: number; delegated: number };
}

export interface GraphQLFastPathDeps {
  yoga: Yoga;
  schema: GraphQLSchema;
  createContext: CreateContext;
  /** The app's logger (the fast path logs as Yoga does, under `component: graphql`). */
  log: Logger;
}

/**
 * A document this path runs, with the document itself (what the rate limits
 * charge), or `false`: one Yoga must answer (it refuses it, or it is a subscription).
 */
type Executable = { compiled: CompiledQuery; document: DocumentNode } | false;

export function graphqlFastPath(deps: GraphQLFastPathDeps): GraphQLFastPath {
  // As many documents as Yoga's parse and validation caches keep, and at most
  // CACHE_BYTES of them, counted from their text (a compiled document grows with it).
  const executables = new LRUCache<string, { executable: Executable }>({
    max: 1000,
    maxSize: CACHE_BYTES,
    sizeCalculation: (_entry, key) => key.length * 4 + 1024,
  });
  const counts = { answered: 0, delegated: 0 };
  const log = graphqlLog(deps.log);
  // The masking Yoga applies (`buildYoga`), so an error reads the same whichever path ran.
  const maskError = maskGraphQLError(log);

  function executableOf(query: string, operationName: string | undefined): Executable {
    const key = `${operationName ?? ''}\n${query}`;
    let entry = executables.get(key);
    if (!entry) {
      entry = { executable: compile(query, operationName) };
      executables.set(key, entry);
    }
    return entry.executable;
  }

  function compile(query: string, operationName: string | undefined): Executable {
    let document: DocumentNode;
    try {
      document = parseWithLimits(query);
    } catch {
      return false;
    }
    try {
      if (validate(deps.schema, document, VALIDATION_RULES).length > 0) return false;
    } catch {
      // graphql-js's validation can throw: SingleFieldSubscriptionsRule evaluates @skip/@include
      // with variables it has no value for. Yoga answers that document (a client error).
      return false;
    }
    const operation = getOperationAST(document, operationName);
    if (!operation || operation.operation === 'subscription') return false;
    const compiled = compileQuery(deps.schema, document, operationName, {});
    return isCompiledQuery(compiled) ? { compiled, document } : false;
  }

  async function answer(req: IncomingMessage, res: ServerResponse, mediaType: string): Promise<void> {
    const body = await getRawBody(req, { length: req.headers['content-length'], limit: MAX_BODY_BYTES });
    // Authenticated first: a request without a valid token costs nothing more (Yoga answers the 401 unparsed).
    const auth = await deps.createContext({ authorization: req.headers.authorization });
    const params = auth.ok && isUtf8(body) ? plainJsonParams(body.toString('utf8')) : undefined;
    const executable = params && !paramsProblem(params) ? executableOf(params.query, params.operationName) : false;
    if (!executable || !params || !auth.ok) {
      counts.delegated += 1;
      return delegate(deps.yoga, req, res, body);
    }
    counts.answered += 1;
    const refused = await chargeOperation(auth.context, deps.schema, executable.document);
    const result = refused
      ? { errors: [refused] }
      : withVariableErrorsNamed(
          (await executable.compiled.query(undefined, auth.context, params.variables)) as ExecutionResult,
          deps.schema,
          executable.document,
          params.operationName,
          params.variables,
        );
    if (result.errors?.length) {
      const masked = { ...result, errors: result.errors.map((error) => maskError(error, MASKED_MESSAGE)) };
      return sendResponse(await processRegularResult(masked, deps.yoga.fetchAPI, mediaType), req, res);
    }
    const text = JSON.stringify(result);
    res.writeHead(200, { 'Content-Type': `${mediaType}; charset=utf-8`, 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  }

  return {
    counts,
    handle(req, res) {
      if (req.method !== 'POST' || req.url !== '/graphql') return false;
      const mediaType = jsonMediaType(req.headers);
      if (!mediaType) return false;
      answer(req, res, mediaType).catch((error: unknown) => {
        // A client that went away mid-body has nobody to answer.
        if ((error as { type?: string }).type === 'request.aborted') return;
        if (isDatabaseUnavailable(error) && !res.headersSent) {
          log.warn('database unavailable: GraphQL request answered 503');
          const reply = processRegularResult({ errors: [serviceUnavailableError()] }, deps.yoga.fetchAPI, mediaType);
          return void Promise.resolve(reply).then((response) => sendResponse(response, req, res));
        }
        // A fault of ours: Yoga would have answered 500 too.
        log.error({ err: error }, 'GraphQL request failed');
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ errors: [{ message: MASKED_MESSAGE }] }));
      });
      return true;
    },
  };
}
