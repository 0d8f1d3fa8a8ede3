/**
 * The document shape (src/model/document-shape/) and docs/mapping.md tell the same story: every field the shape
 * gives an EN 16931 business term is mapped under that term from its JSON pointer, every body pointer the table
 * reads is a field of the shape (or one of the documented extension fields), a row reading a pointer as it is
 * names the term the shape gives it, and each object's business group heads the section its fields are mapped in.
 * (mapping-doc.test.ts checks the same table against the XML the gateway writes.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_SHAPE, type FieldSpec, fieldsOf, type ObjectName, type ObjectSpec } from '../../src/model/document-shape/index.ts';

// Extra fields the mapping reads from the stored body without the shape naming them (none: every field the
// mapping reads is declared, so GraphQL clients can send it too).
const EXTENSION_FIELDS: string[] = [];

interface Row {
  section: string;
  term: string;
  source: string;
}

const doc = readFileSync(new URL('../../docs/mapping.md', import.meta.url), 'utf8');
const table = doc.slice(doc.indexOf('\n## The table'), doc.indexOf('\n## Mapping decisions'));
const rows: Row[] = [];
let section = '';
for (const line of table.split('\n')) {
  if (line.startsWith('### ')) section = line;
  const cells = line.startsWith('|')
    ? line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim())
    : [];
  if (cells.length === 7 && /^B[TG]-\d+(-1)?$/.test(cells[0]!)) rows.push({ section, term: cells[0]!, source: cells[2]! });
}

/** `/lines/{i}/taxes/0/amount` → `/lines/*\/taxes/*\/amount`: any index is any element. */
const normalise = (pointer: string) => pointer.replace(/\/(\{\w+\}|\d+)(?=\/|$)/g, '/*');
const spans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
const bodyPointers = (cell: string) =>
  spans(cell)
    .filter((span) => span.startsWith('/'))
    .map(normalise);
const direct = (row: Row) => (/^`[^`]+`$/.test(row.source) ? bodyPointers(row.source)[0] : undefined);

interface ShapeField {
  object: ObjectName;
  wireName: string;
  field: FieldSpec;
}

/** Every field of both request bodies by JSON pointer (list elements as `*`). */
const byPointer = new Map<string, ShapeField[]>();
function walk(object: ObjectName, prefix: string): void {
  for (const [wireName, field] of fieldsOf(object)) {
    const pointer = `${prefix}/${wireName}`;
    byPointer.set(pointer, [...(byPointer.get(pointer) ?? []), { object, wireName, field }]);
    if (field.kind === 'object') walk(field.of!, pointer);
    if (field.kind === 'list') walk(field.of!, `${pointer}/*`);
  }
}
walk('Invoice', '');
walk('CreditNote', '');

describe('the document shape and docs/mapping.md', () => {
  it('reads the table', () => {
    expect(rows.length).toBeGreaterThan(60);
    expect(rows.filter((row) => direct(row) !== undefined).length).toBeGreaterThan(15);
  });

  it('cites only body pointers of the shape', () => {
    const unknown = new Set(rows.flatMap((row) => bodyPointers(row.source)).filter((pointer) => !byPointer.has(pointer)));
    expect([...unknown].sort()).toEqual([...EXTENSION_FIELDS].sort());
  });

  it.each(rows.filter((row) => direct(row) && byPointer.has(direct(row)!)).map((row) => [row.term, direct(row)!] as const))(
    '%s, read from %s as it is, is the term of that field',
    (term, pointer) => {
      for (const { object, wireName, field } of byPointer.get(pointer)!) expect(field.term, `${object}.${wireName}`).toBe(term);
    },
  );

  const termed = [...byPointer].flatMap(([pointer, fields]) =>
    fields.filter(({ field }) => field.term).map(({ object, wireName, field }) => [`${object}.${wireName}`, field.term!, pointer] as const),
  );
  it.each(termed)('%s (%s) is mapped from %s', (_, term, pointer) => {
    expect(rows.some((row) => row.term === term && bodyPointers(row.source).includes(pointer))).toBe(true);
  });

  const groupOf = (name: ObjectName) => (DOCUMENT_SHAPE[name] as ObjectSpec).term;
  const grouped = (Object.keys(DOCUMENT_SHAPE) as ObjectName[]).filter((name) => groupOf(name));
  it.each(grouped.map((name) => [name, groupOf(name)!] as const))('%s (%s) heads the section of its terms', (name, group) => {
    const terms = fieldsOf(name).flatMap(([, field]) => field.term ?? []);
    expect(terms).not.toEqual([]);
    for (const term of terms) {
      const sections = rows.filter((row) => row.term === term).map((row) => row.section);
      expect(
        sections.some((heading) => heading.includes(`${group},`) || heading.includes(`${group})`)),
        `${term} under ${group}`,
      ).toBe(true);
    }
  });
});
