/**
 * One execution per event for subscribers that cannot tell their results
 * apart (same document, operation, variables and scope), and a separate one
 * as soon as any of those differs or there is no scope.
 */
import { envelop, useEngine, useSchema } from '@envelop/core';
import {
  execute,
  GraphQLInt,
  type DocumentNode,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  parse,
  subscribe,
  validate,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { useSharedSubscriptionExecution } from '../../src/http/shared-subscription-execution.ts';

interface Event {
  id: number;
}

/** A schema whose `events` subscription yields what `publish` sends, counting how often `label` resolves. */
function harness() {
  const listeners = new Set<(event: Event) => void>();
  let resolutions = 0;
  const EventType = new GraphQLObjectType<Event>({
    name: 'Event',
    fields: {
      id: { type: GraphQLInt },
      label: {
        type: GraphQLString,
        args: { prefix: { type: GraphQLString } },
        resolve: (event, args: { prefix?: string }) => {
          resolutions++;
          return `${args.prefix ?? ''}${event.id}`;
        },
      },
    },
  });
  async function* events(): AsyncGenerator<Event> {
    const queue: Event[] = [];
    let wake = () => {};
    const listener = (event: Event) => {
      queue.push(event);
      wake();
    };
    listeners.add(listener);
    try {
      for (;;) {
        while (queue.length > 0) yield queue.shift()!;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      listeners.delete(listener);
    }
  }
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLInt, resolve: () => 1 } } }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      fields: { events: { type: EventType, subscribe: () => events(), resolve: (event: Event) => event } },
    }),
  });
  const getEnveloped = envelop({
    plugins: [
      useEngine({ parse, validate, execute, subscribe }),
      useSchema(schema),
      useSharedSubscriptionExecution((context) => (context as { scope?: string }).scope),
    ],
  });
  return {
    get resolutions() {
      return resolutions;
    },
    publish: (event: Event) => {
      for (const listener of listeners) listener(event);
    },
    async subscriber(document: DocumentNode, context: { scope?: string }, variables?: Record<string, unknown>) {
      const run = getEnveloped(context);
      const result = await run.subscribe({ schema: run.schema, document, contextValue: context, variableValues: variables });
      return result as AsyncGenerator<{ data?: unknown }>;
    },
  };
}

const QUERY = 'subscription ($p: String) { events { id label(prefix: $p) } }';

describe('shared subscription execution', () => {
  it.each([
    { case: 'same document, scope and variables', second: { scope: 'a', variables: { p: 'x' } }, executions: 1 },
    { case: 'another scope', second: { scope: 'b', variables: { p: 'x' } }, executions: 2 },
    { case: 'other variables', second: { scope: 'a', variables: { p: 'y' } }, executions: 2 },
    { case: 'no scope', second: { scope: undefined, variables: { p: 'x' } }, executions: 2 },
  ])('$case: $executions execution(s) of one event for two subscribers', async ({ second, executions }) => {
    const h = harness();
    // Parsed once and shared, as Yoga's parser cache does for one query text.
    const document = parse(QUERY);
    const first = await h.subscriber(document, { scope: 'a' }, { p: 'x' });
    const other = await h.subscriber(document, { scope: second.scope }, second.variables);
    const received = Promise.all([first.next(), other.next()]);
    await new Promise((resolve) => setImmediate(resolve)); // both generators are listening
    h.publish({ id: 7 });
    const [a, b] = await received;
    expect(a.value).toEqual({ data: { events: { id: 7, label: 'x7' } } });
    expect(b.value).toEqual({ data: { events: { id: 7, label: `${second.variables.p}7` } } });
    expect(h.resolutions).toBe(executions);
    await Promise.all([first.return(undefined), other.return(undefined)]);
  });
});
