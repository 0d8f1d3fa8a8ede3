/**
 * Per-token caps on real-time resources (issue: nobody can take the gateway
 * down): WebSocket connections, and subscriptions running at once over
 * WebSocket and server-sent events together. A token is keyed by its public
 * prefix (`pas_<12 hex>`), never by its secret. Defaults and close codes are
 * in docs/graphql-limits.md; both are settings (src/app/config.ts).
 */
import { isAsyncIterable, type Plugin } from '@envelop/core';
import { GraphQLError } from 'graphql';

/** How many of one kind of resource each key holds at once. */
export class PerKeyCounter {
  private readonly held = new Map<string, number>();

  constructor(readonly limit: number) {}

  /** Takes one for `key`; false (nothing taken) when `key` already holds `limit`. */
  acquire(key: string): boolean {
    const count = this.held.get(key) ?? 0;
    if (count >= this.limit) return false;
    this.held.set(key, count + 1);
    return true;
  }

  /** Gives one back. */
  release(key: string): void {
    const count = (this.held.get(key) ?? 0) - 1;
    if (count > 0) this.held.set(key, count);
    else this.held.delete(key);
  }
}

/** graphql-ws close code for a token over its connection cap (4xxx: the application's range; 429 as in HTTP). */
export const TOO_MANY_CONNECTIONS = 4429;

/** The error of a subscription over its token's cap (HTTP 429 on server-sent events). */
export function tooManySubscriptions(limit: number): GraphQLError {
  return new GraphQLError(`Too many subscriptions for this token: at most ${limit} at once. Close one first.`, {
    extensions: { code: 'TOO_MANY_SUBSCRIPTIONS', http: { status: 429 } },
  });
}

/**
 * An envelop plugin holding one of `counter`'s places per running
 * subscription of the key `keyOf(context)` gives (undefined: not counted),
 * given back when its stream ends, whatever ends it (client, server, error).
 */
export function useSubscriptionCaps(counter: PerKeyCounter, keyOf: (context: unknown) => string | undefined): Plugin {
  return {
    onSubscribe({ context, setResultAndStopExecution }) {
      const key = keyOf(context);
      if (key === undefined) return;
      if (!counter.acquire(key)) {
        setResultAndStopExecution({ errors: [tooManySubscriptions(counter.limit)] });
        return;
      }
      let held = true;
      const release = () => {
        if (held) counter.release(key);
        held = false;
      };
      return {
        onSubscribeResult({ result }) {
          if (!isAsyncIterable(result)) return void release();
          return { onEnd: release };
        },
        onSubscribeError: release,
      };
    },
  };
}
