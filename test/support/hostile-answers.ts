/**
 * The oversized PA answers of the bounds tests (test/integration/pa-bounds-hostile.test.ts, pa-hostile-footprint.test.ts),
 * served by the hostile fake PA (hostile-inbound-pa.ts): a 9 MB search page, a 9.6 MB status document, attribute-heavy extras.
 */
import type { ServerResponse } from 'node:http';
import { CDAR_ROOT_END, cdarFor, type SentDocument, stream } from './hostile-inbound-pa.ts';

type Writer = (res: ServerResponse) => void;

/**
 * A searchFlow answer that gives a 9 MB page (one flowId of 9 MiB) to any search asking for more than 10 flows, and
 * lets the fake answer the others: the PA answer that ran the heap out before the caps.
 */
export function nineMegabytePageOver10(limit: number): Writer | null {
  if (limit <= 10) return null;
  return (res) =>
    stream(
      res,
      'application/json',
      (function* () {
        yield '{"limit":100,"filters":{},"results":[{"flowId":"';
        for (let i = 0; i < 9 * 64; i++) yield 'x'.repeat(16 * 1024);
        yield '"}]}';
      })(),
    );
}

/** A status 200 about `doc` streamed as 9.6 MB, 1.2 million elements: a well-formed CDAR whose parse took the heap (issue 26, item 1). */
export function nineMegabyteCdar(doc: SentDocument): Writer {
  return (res) => {
    const head = cdarFor(doc, 200).replace(CDAR_ROOT_END, '');
    const body = function* () {
      yield head;
      for (let i = 0; i < 600; i++) yield '<a>1</a><b>2</b>'.repeat(1000);
      yield CDAR_ROOT_END;
    };
    stream(res, 'application/xml', body());
  };
}

/** `count` attributes on one element (about 11 bytes each), to insert in a CDAR (cdarFor's `extra`). */
export const attributeHeavy = (count: number): string => {
  const attributes: string[] = [];
  for (let i = 0; i < count; i++) attributes.push(`a${i}="1"`);
  return `<rsm:Extra ${attributes.join(' ')}/>`;
};
