/**
 * Subscription events executed once per process, not once per subscriber.
 *
 * The event hub hands every subscriber of a tenant the same event view
 * object. graphql-js executes the subscription's selection set for each
 * subscriber (`subscribe` maps every source event through `execute`), so a
 * dashboard fleet of 1,000 subscribers with one query executes it 1,000 times
 * over the same object. This envelop plugin opens the source stream as
 * graphql-js does, then shares one execution per (event, document,
 * operation, variables, scope) among the subscribers of this process.
 *
 * `scopeOf` names what else a result may depend on (the tenant): results are
 * never shared across scopes, and a subscription without a scope is executed
 * on its own as before. Each subscriber still gets the rest of the envelop
 * pipeline (error masking) on the shared result, which is never mutated.
 */
import { isAsyncIterable, mapAsyncIterator, type Plugin } from '@envelop/core';
import { createSourceEventStream, execute, type DocumentNode, type ExecutionArgs, type ExecutionResult } from 'graphql';

type Execution = ExecutionResult | Promise<ExecutionResult>;

/**
 * The plugin. `scopeOf(contextValue)`: the scope results may be shared in
 * (e.g. the tenant id), or undefined to execute alone.
 */
export function useSharedSubscriptionExecution(scopeOf: (contextValue: unknown) => string | undefined): Plugin {
  // Weak on the event: an entry lives as long as the hub keeps the event's view.
  const executions = new WeakMap<object, Map<string, Execution>>();
  const documentIds = new WeakMap<DocumentNode, number>();
  let nextDocumentId = 0;

  function keyOf(args: ExecutionArgs): string | undefined {
    const scope = scopeOf(args.contextValue);
    if (scope === undefined) return undefined;
    // Yoga's parser cache hands every subscriber of one query text the same document.
    let documentId = documentIds.get(args.document);
    if (documentId === undefined) documentIds.set(args.document, (documentId = nextDocumentId++));
    return JSON.stringify([scope, documentId, args.operationName ?? null, args.variableValues ?? null]);
  }

  function executeShared(args: ExecutionArgs, key: string | undefined, payload: unknown): Execution {
    if (key === undefined || typeof payload !== 'object' || payload === null) return execute({ ...args, rootValue: payload });
    let byKey = executions.get(payload);
    if (!byKey) executions.set(payload, (byKey = new Map()));
    let result = byKey.get(key);
    if (!result) {
      result = execute({ ...args, rootValue: payload });
      byKey.set(key, result);
    }
    return result;
  }

  return {
    onSubscribe({ setSubscribeFn }) {
      setSubscribeFn(async (args) => {
        const source = await createSourceEventStream(args);
        if (!isAsyncIterable(source)) return source; // errors of the subscribe resolver
        const key = keyOf(args);
        return mapAsyncIterator(source, (payload) => executeShared(args, key, payload));
      });
    },
  };
}
