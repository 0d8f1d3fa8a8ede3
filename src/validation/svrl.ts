/**
 * Turns the SVRL report a compiled schematron produces (ISO/IEC 19757-3 annex D) into findings.
 * Only `svrl:failed-assert` and `svrl:successful-report` carry findings; none of the pinned
 * stylesheets emits successful-report today, but a report is a finding in Schematron terms.
 */
import { XMLParser } from 'fast-xml-parser';
import type { Finding, FindingSource } from './types.ts';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  // The text keeps its characters as they are (no number or entity guessing) so messages are not altered.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => name === 'failed-assert' || name === 'successful-report' || name === 'text',
});

type SvrlAssert = { id?: string; flag?: string; location?: string; text?: unknown[] };

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && '#text' in value) return String((value as { '#text': unknown })['#text']);
  return '';
}

// BR-FR messages start with their rule, `[BR-FR-10/BT-30] : ...` (some without brackets, some with
// `-EXT-FR-FE-136` glued on); a rule id is BR-FR, then optional letter groups (CO, DEC, MV, BD, CDV, CL), then a number.
const BRFR_RULE = /^\[?\s*(BR-FR-(?:[A-Z]+-)*\d+)/;
const EN_RULE = /^\[([A-Z]+(?:-[A-Z]+)*-\d+)\]/;
// AIFE's F10 asserts carry no id; their messages start with the Annexe 7 rule: `[G8.01] Le type ...`.
const F10_RULE = /^\[([A-Z]\d+\.\d+)\]/;

/**
 * The base rule id of an assertion. EN 16931: the `@id` is the rule (`BR-CO-10`, `UBL-SR-12`).
 * BR-FR: the `@id` adds a suffix (`BR-FR-10_BT-30`, `BR-FR-28-Value`) and in a few asserts of
 * 1.4.0.03 names another rule than its message (`BR-FR-08_BT-151-2` says `[BR-FR-15/BT-151]`), so
 * the message's leading rule wins and the id is the fallback. F10: the message's `[G8.01]`.
 */
export function ruleOf(source: FindingSource, id: string, message: string): string {
  if (source === 'f10') return F10_RULE.exec(message)?.[1] ?? (id || 'F10');
  if (source === 'br-fr') {
    const fromMessage = BRFR_RULE.exec(message)?.[1];
    if (fromMessage) return fromMessage;
    const fromId = BRFR_RULE.exec(id)?.[1];
    return fromId ?? (id.split('_')[0] || 'BR-FR');
  }
  return id || EN_RULE.exec(message)?.[1] || 'UNKNOWN';
}

/** Findings of one serialized SVRL document; throws if the text is not SVRL (a broken stylesheet, not a bad invoice). */
export function findingsFromSvrl(source: FindingSource, svrl: string): Finding[] {
  const parsed = parser.parse(svrl) as { 'schematron-output'?: Record<string, SvrlAssert[] | undefined> | string };
  if (!('schematron-output' in parsed)) throw new Error(`${source} schematron produced no svrl:schematron-output`);
  // An empty report (no attributes, no children) parses to ''.
  const output = typeof parsed['schematron-output'] === 'object' ? parsed['schematron-output'] : {};
  const asserts = [...(output['failed-assert'] ?? []), ...(output['successful-report'] ?? [])];
  return asserts.map((a) => {
    const message = (a.text ?? []).map(textOf).join(' ').replace(/\s+/g, ' ').trim();
    const id = (a.id ?? '').trim();
    const finding: Finding = {
      source,
      rule: ruleOf(source, id, message),
      flag: a.flag === 'warning' ? 'warning' : 'fatal',
      location: a.location ?? '',
      message,
    };
    if (id) finding.assertionId = id;
    return finding;
  });
}
