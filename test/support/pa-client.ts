/**
 * How the tests talk to a PA (the sandbox PA or a fake) at a base URL: its OAuth client credentials and Flow Service
 * settings, written once for every createFlowClient / createDirectoryClient / gateway platform of the tests, and a
 * wait for a flow's acknowledgement (test/integration/sandbox-pa*.test.ts).
 */
import type { FlowClient } from '../../src/platform/afnor/client.ts';
import type { Flow } from '../../src/platform/afnor/types.ts';
import type { FlowSettings } from '../../src/platform/settings.ts';

type Credentials = Omit<FlowSettings, 'flowUrl'>;
type TokenAuth = FlowSettings['tokenAuth'];

/** The OAuth client credentials of a PA at `base` (token endpoint `${base}/oauth/token`), HTTP Basic unless told. */
export function paCredentials(base: string, clientId: string, clientSecret: string, tokenAuth: TokenAuth = 'basic'): Credentials {
  return { tokenUrl: `${base}/oauth/token`, clientId, clientSecret, tokenAuth };
}

/** The Flow Service settings of a PA at `base` (`${base}/flow-service`), with paCredentials. */
export function flowSettings(base: string, clientId: string, clientSecret: string, tokenAuth: TokenAuth = 'basic'): FlowSettings {
  return { flowUrl: `${base}/flow-service`, ...paCredentials(base, clientId, clientSecret, tokenAuth) };
}

/** Searches the flow `trackingId` every `everyMs` until its acknowledgement leaves Pending; throws after `tries` searches. */
export async function acknowledgedFlow(client: FlowClient, trackingId: string, tries: number, everyMs: number): Promise<Flow> {
  for (let i = 0; i < tries; i++) {
    const found = await client.searchFlows({ trackingId });
    if (!found.ok) throw new Error('search failed');
    const flow = found.results[0];
    if (flow && flow.acknowledgement?.status !== 'Pending') return flow;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error('never acknowledged');
}
