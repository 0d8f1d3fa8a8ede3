/**
 * Issue 26, item 9: after a crash, another instance takes the dead one's PA work over within seconds, not two
 * minutes. Two `passerelle serve` processes with PLATFORM=afnor on one PostgreSQL database and one fake Flow Service
 * (test/support/flow-fakes.ts) that stores an invoice's flow at once and answers a minute later; each instance sends a
 * `PA_ORGANIZATION_ID` of its own, so the fake tells which one sent. The sending instance is killed with SIGKILL while
 * its createFlow is in flight: the survivor finishes the invoice (`sent`, found by trackingId, never sent again)
 * within 30 s, and holds every named lease (status poll, acknowledgement polls) within that bound too.
 * PostgreSQL only (PGlite is one process): runs when TEST_DATABASE_URL is set.
 */
import { describe, expect, it } from 'vitest';
import { Client } from '../support/client.ts';
import { invoice } from '../support/documents.ts';
import { fakePaEnv, startFakeFlowService } from '../support/flow-fakes.ts';
import { cleanupsAfterEach, crashCluster, kill } from '../support/kill.ts';
import { printedBearer, type ServeProcess } from '../support/processes.ts';

const DATABASE_URL = process.env.TEST_DATABASE_URL;
/** The bound the issue asks for: the default lease (20 s, PA_LEASE_MS) plus a poll and some slack. */
const TAKEOVER_MS = 30_000;

const cleanups = cleanupsAfterEach();

describe.skipIf(!DATABASE_URL)('PA leases across two gateway processes (needs TEST_DATABASE_URL)', { timeout: 180_000 }, () => {
  it('a survivor sends what a killed instance had in flight within 30 s, once, and takes its polls over', async () => {
    const senders = new Map<string, string>();
    const fake = await startFakeFlowService({
      // Stored at once, answered a minute later: the sender is surely in flight when killed.
      scriptFor: () => ({ replies: [{ kind: 'accept', delayMs: 60_000 }] }),
      onCreateFlow: (number, headers) => senders.set(number, String(headers['organization-id'])),
    });
    cleanups.push(() => fake.close());
    const afnor = { ...fakePaEnv(fake, 'fake-secret-of-the-lease-test'), PA_POLL_INTERVAL_MS: '500', VALIDATION: 'native' };
    const { sql, serve: spawn } = await crashCluster(cleanups, 'lease', afnor);
    const serve = (name: string) => spawn(name, { PA_ORGANIZATION_ID: name });
    // The first start on the empty database migrates it and prints the dev tenant's token.
    const one = await serve('inst-1');
    const two = await serve('inst-2');
    const instances: Record<string, ServeProcess> = { 'inst-1': one, 'inst-2': two };
    const token = printedBearer(one);
    const accepted = await new Client(one.url, token).post('/v1/invoices', invoice().unique('lease').build());
    expect(accepted.status, accepted.text).toBe(202);
    const id = accepted.body.submission_id as string;

    await expect.poll(() => senders.size, { timeout: 60_000, interval: 100 }).toBe(1);
    const [[number, sender]] = [...senders] as [[string, string]];
    const [survivorName] = Object.keys(instances).filter((name) => name !== sender);
    const survivor = new Client(instances[survivorName!]!.url, token);
    const killedAt = (await sql<{ now: Date }[]>`select clock_timestamp() as now`)[0]!.now;
    const start = Date.now();
    await kill(instances[sender]!.child);

    // The survivor searches by trackingId once the dead instance's lease ran out, finds the flow and commits `sent`.
    const state = async () => (await survivor.get(`/v1/invoices/${id}`)).body.processing_state;
    await expect.poll(state, { timeout: TAKEOVER_MS, interval: 250 }).toBe('sent');
    expect(Date.now() - start).toBeLessThan(TAKEOVER_MS);
    expect(fake.requests(number)).toHaveLength(1);
    expect(fake.flows(id)).toHaveLength(1);

    // Every named lease is the survivor's: renewed since the kill, by one holder.
    const leases = () => sql<{ name: string; holder: string; renewed: boolean }[]>`
      select name, holder, renewed_at > ${killedAt} as renewed from platform_leases order by name`;
    await expect
      .poll(async () => (await leases()).every((row) => row.renewed), {
        timeout: Math.max(1000, TAKEOVER_MS - (Date.now() - start)),
        interval: 250,
      })
      .toBe(true);
    const rows = await leases();
    expect(rows.map((row) => row.name.replace(/^.*#/, '#'))).toEqual(['#212', '#in', '#out']);
    expect(new Set(rows.map((row) => row.holder)).size).toBe(1);
  });
});
