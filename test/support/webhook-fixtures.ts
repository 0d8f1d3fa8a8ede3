/**
 * Per-test webhook fixtures on the test clock: receivers and registered
 * endpoints that are torn down after each test, endpoints first, so no retry
 * outlives its test and hits a closed receiver.
 */
import type { Client } from './client.ts';
import type { FakeClock } from './clock.ts';
import { Receiver, type Behaviour } from './receiver.ts';
import { deleteEndpoint, registerEndpoint } from './webhook-api.ts';

export interface WebhookFixtures {
  /** A receiver answering `script` in order (then 200), timestamped on the test clock. */
  receiver(...script: Behaviour[]): Promise<Receiver>;
  /** `target` registered for `eventTypes` (default: `submission.received`) under `client`'s tenant. */
  endpoint(client: Client, target: Receiver, eventTypes?: readonly string[]): ReturnType<typeof registerEndpoint>;
  /** Tears down what the test made, newest first; call it in `afterEach`. */
  cleanup(): Promise<void>;
}

/** Fixtures whose receivers timestamp on `clock`; one set per `describe`. */
export function webhookFixtures(clock: FakeClock): WebhookFixtures {
  const cleanups: Array<() => Promise<void>> = [];
  return {
    async receiver(...script) {
      const started = await Receiver.start({ now: () => clock.now() });
      cleanups.push(() => started.close());
      return started.answer(...script);
    },
    async endpoint(client, target, eventTypes) {
      const created = await registerEndpoint(client, target, eventTypes);
      cleanups.push(() => deleteEndpoint(client, created.id));
      return created;
    },
    async cleanup() {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    },
  };
}
