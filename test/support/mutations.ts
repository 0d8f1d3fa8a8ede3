/**
 * Random edits of a valid document, for property tests: a fast-check
 * arbitrary that takes a document and breaks it in a few places (a field
 * removed, set to null, or replaced by any JSON value, an unknown field
 * added), so generated bodies stay close to real ones and reach deep fields.
 */
import fc from 'fast-check';

type Json = unknown;

/** Every place in `value` (objects' keys and arrays' indices), as paths from the root. */
function places(value: Json, path: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  if (Array.isArray(value))
    value.forEach((item, index) => {
      out.push([...path, index]);
      places(item, [...path, index], out);
    });
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push([...path, key]);
      places(item, [...path, key], out);
    }
  }
  return out;
}

type Edit = { at: number; kind: 'remove' | 'null' | 'replace' | 'add'; value: Json; key: string };

function apply(document: Json, edit: Edit): Json {
  const all = places(document);
  if (all.length === 0) return document;
  const path = all[edit.at % all.length]!;
  const parent = path.slice(0, -1).reduce<any>((node, segment) => node[segment], document);
  const last = path[path.length - 1]!;
  if (edit.kind === 'remove') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else if (edit.kind === 'null') parent[last] = null;
  else if (edit.kind === 'replace') parent[last] = edit.value;
  else if (parent !== null && typeof parent === 'object' && !Array.isArray(parent)) parent[edit.key] = edit.value;
  return document;
}

const edit: fc.Arbitrary<Edit> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('remove', 'null', 'replace', 'add'),
  value: fc.jsonValue({ maxDepth: 3 }),
  key: fc.string({ maxLength: 8 }),
});

/** `base` (cloned) with 0 to `maxEdits` random edits applied. */
export function mutated(base: Json, maxEdits = 4): fc.Arbitrary<Json> {
  return fc.array(edit, { maxLength: maxEdits }).map((edits) => edits.reduce(apply, structuredClone(base)));
}
