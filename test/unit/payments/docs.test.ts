/**
 * docs/payments.md and docs/api-guide.md against the code: every payment rule id documented in both, the
 * split example computed by splitByRate, and each path of the 212 field table reaching an element of a
 * message writeStatus212 writes (and every element written reached by some row).
 */
import { readFileSync } from 'node:fs';
import { XmlDocument, type XmlNode } from 'libxml2-wasm';
import { afterAll, describe, expect, it } from 'vitest';
import { PAYMENT_RULE_CATALOGUE } from '../../../src/domain/payments/catalogue.ts';
import { splitByRate } from '../../../src/domain/payments/split.ts';
import { writeStatus212 } from '../../../src/einvoice/cdar/status-212.ts';
import { status212Of } from '../../support/status-212.ts';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const payments = read('docs/payments.md');
const guide = read('docs/api-guide.md');

describe('payment rule ids', () => {
  it.each(PAYMENT_RULE_CATALOGUE.map((rule) => rule.id))('%s is documented in both guides', (id) => {
    expect(guide).toContain(`| \`${id}\` |`);
    expect(payments).toContain(`| \`${id}\` |`);
  });
});

describe('the split example', () => {
  it('is what splitByRate computes', () => {
    const parts = splitByRate(10000, [
      { percentage: 20, inclusive: 12000 },
      { percentage: 5.5, inclusive: 5275 },
    ]);
    expect(parts).toEqual([
      { percentage: 20, amount: 6946 },
      { percentage: 5.5, amount: 3054 },
    ]);
    expect(payments).toContain('**69.46 at 20 % and 30.54 at 5.5 %**');
  });
});

const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
};
const REF = 'rsm:AcknowledgementDocument/ram:ReferenceReferencedDocument';
const CHARACTERISTIC = `${REF}/ram:SpecifiedDocumentStatus/ram:SpecifiedDocumentCharacteristic`;

/** The paths of the field table (section "The 212 Encaissée message"), `$Ref` and `…` expanded, each cell split at commas. */
const section = payments.slice(payments.indexOf('## The 212 Encaissée message'));
const paths = section
  .split('\n')
  .filter((line) => /^\| MDT/.test(line))
  .flatMap((line) => [...(line.split('|')[2] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]!))
  .map((path) => path.replace('$Ref', REF).replace('…/ram:SpecifiedDocumentCharacteristic', CHARACTERISTIC))
  .map((path) => path.replace(/^\$Ref\//, `${REF}/`));

const written = XmlDocument.fromString(writeStatus212(status212Of({ receivedAt: new Date('2026-11-02T10:00:00Z') })));
afterAll(() => written.dispose());
const find = (path: string): XmlNode[] => written.root.find(path.startsWith('rsm:') ? path : `${CHARACTERISTIC}/${path}`, NS);

describe('the 212 field table', () => {
  it('has rows', () => {
    expect(paths.length).toBeGreaterThan(20);
  });

  it.each(paths)('%s reaches an element of a written 212', (path) => {
    expect(find(path).length).toBeGreaterThan(0);
  });

  it('reaches every leaf element written', () => {
    // An element's rank in document order identifies it (the writer puts the whole message on one line).
    const rank = (node: XmlNode) => Number(node.eval('count(preceding::*) + count(ancestor::*)'));
    const reached = new Set<number>();
    for (const path of paths)
      for (const node of find(path)) for (const inner of node.find('descendant-or-self::*')) reached.add(rank(inner));
    const missed = written.root.find('descendant::*[not(*)]').filter((leaf) => !reached.has(rank(leaf)));
    expect(missed.map((leaf) => leaf.eval('name()'))).toEqual([]);
  });
});
