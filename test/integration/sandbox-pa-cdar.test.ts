/**
 * The mounted sandbox PA (src/platform/sandbox.ts) receiving CDAR status flows over real HTTP through the Flow
 * Service client: a 212 Encaissée from the gateway's writer is acknowledged Ok; one the official artefacts
 * (CDAR D22B XSD, BR-FR CDV schematron, run by the gateway's validator) refuse is acknowledged Error with the
 * rule ids and the Flow Service's lifecycle reason codes; one without amounts is refused by the sandbox itself.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeStatus212 } from '../../src/einvoice/cdar/status-212.ts';
import { createFlowClient, type FlowClient } from '../../src/platform/afnor/client.ts';
import { type MountedSandbox, mountSandbox } from '../../src/platform/sandbox.ts';
import { createValidator, type Validator } from '../../src/validation/index.ts';
import { acknowledgedFlow } from '../support/pa-client.ts';
import { status212Of } from '../support/status-212.ts';
import { cdarExamples, testEngine } from '../support/validation.ts';

let validator: Validator;
let sandbox: MountedSandbox;
let server: Server;
let client: FlowClient;
const errors: unknown[] = [];

beforeAll(async () => {
  validator = createValidator({ engine: testEngine(), workers: 1 });
  // The worker loads the artefacts on its first document (long on a busy machine): not what these tests time.
  // A schema-valid one: Saxon-HE's JVM starts and compiles the CDV stylesheet only for a document past the XSD.
  await validator.validateCdar(cdarExamples()[0]![1]);
  const log = pino({ level: 'silent' });
  sandbox = mountSandbox({ stepMs: 50, validator, log: { ...log, error: (...args: unknown[]) => errors.push(args) } as typeof log });
  server = createServer((req, res) => {
    if (!sandbox.handle(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = createFlowClient({ ...sandbox.settings(`http://127.0.0.1:${port}`), timeoutMs: 5000 });
}, 120_000);
afterAll(async () => {
  await sandbox.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await validator.close();
});

const status212 = status212Of({
  number: 'FA-2026-9',
  parts: [
    { percentage: 20, amount: 6946 },
    { percentage: 5.5, amount: 3054 },
  ],
});

/** Sends a CDAR flow and waits for its acknowledgement to leave Pending. */
async function acknowledgementOf(trackingId: string, xml: string) {
  const sent = await client.submitFlow({
    flowInfo: { flowSyntax: 'CDAR', processingRule: 'B2B', trackingId, name: `${trackingId}.xml` },
    file: Buffer.from(xml),
    fileName: `${trackingId}.xml`,
  });
  if (!sent.ok) throw new Error(`createFlow failed: ${JSON.stringify(sent)}`);
  return acknowledgedFlow(client, trackingId, 1000, 20);
}

describe('the sandbox PA takes CDAR status flows', () => {
  it('acknowledges Ok a 212 Encaissée the official artefacts accept', { timeout: 30_000 }, async () => {
    const flow = await acknowledgementOf('212-ok', writeStatus212(status212));
    expect(flow).toMatchObject({
      flowSyntax: 'CDAR',
      flowType: 'CustomerInvoiceLC',
      flowDirection: 'Out',
      acknowledgement: { status: 'Ok' },
    });
  });

  const valid = writeStatus212(status212);
  it.each<[string, string, RegExp, string]>([
    ['212-no-seq', 'InvoiceLCRuleError', /^BR-FR-CDV-16: /, valid.replace('<ram:SequenceNumeric>1</ram:SequenceNumeric>', '')],
    ['212-xsd', 'InvalidSchema', /^XSD: /, valid.replace('<ram:StatusCode>47</ram:StatusCode>', '<ram:Unknown>47</ram:Unknown>')],
    [
      '212-bad-process',
      'InvoiceLCRuleError',
      /^BR-FR-CDV-CL-01: /,
      valid.replace('<ram:ID>REGULATED</ram:ID>', '<ram:ID>SOMETHING</ram:ID>'),
    ],
    [
      '212-no-amount',
      'InvoiceLCAmountError',
      /amount cashed per VAT rate/,
      valid.replace(/<ram:SpecifiedDocumentStatus>.*<\/ram:SpecifiedDocumentStatus>/, ''),
    ],
  ])('%s: acknowledged Error with %s', { timeout: 30_000 }, async (trackingId, reasonCode, message, xml) => {
    const flow = await acknowledgementOf(trackingId, xml);
    expect({ trackingId: flow.trackingId, ...flow.acknowledgement }).toMatchObject({ trackingId, status: 'Error' });
    const details = flow.acknowledgement?.details ?? [];
    expect(details.map((d) => d.reasonCode)).toContain(reasonCode);
    expect(details.some((d) => d.reasonCode === reasonCode && message.test(d.reasonMessage))).toBe(true);
  });

  it('reported nothing unexpected', () => {
    expect(errors).toEqual([]);
  });
});
