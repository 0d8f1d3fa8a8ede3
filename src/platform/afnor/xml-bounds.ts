/**
 * A linear pre-scan of an XML text the PA sent, before any parser builds a tree of it (cdar.ts calls it): counts
 * elements and attributes and follows the nesting depth, and stops at the first bound passed. It is an upper bound,
 * not a parser (a `<` or `=` inside a comment or CDATA section is skipped, one in text is not markup): a text it
 * lets through is parsed by fast-xml-parser, which then reports what is not well-formed.
 *
 * Why: a well-formed document of 600,000 elements, or 200,000 attributes in 2.3 MB, takes the process's heap or
 * holds the event loop for seconds while the parser builds its objects; a CDAR status message has about
 * fifty elements. One pass over 1 MiB (the answer cap, transport.ts) takes a few milliseconds.
 */

/** The bounds (defaults: `XML_BOUNDS`). */
export interface XmlBounds {
  maxElements: number;
  maxAttributes: number;
  maxDepth: number;
}

/** A CDAR message has about fifty elements, a dozen attributes and a depth under ten: these leave room for any PA's extras. */
export const XML_BOUNDS: XmlBounds = { maxElements: 5_000, maxAttributes: 5_000, maxDepth: 40 };

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

/** Undefined when `xml` stays within `bounds`, else what it passed (a short text naming the bound, never the content). */
export function checkXmlBounds(xml: string, bounds: XmlBounds = XML_BOUNDS): string | undefined {
  let elements = 0;
  let attributes = 0;
  let depth = 0;
  const length = xml.length;
  let i = 0;
  while (i < length) {
    const at = xml.indexOf('<', i);
    if (at < 0) break;
    const next = xml.charCodeAt(at + 1);
    if (next === BANG || next === QUESTION) {
      // Comment, CDATA, DOCTYPE or processing instruction: skip to its end.
      const end = xml.startsWith('<!--', at)
        ? xml.indexOf('-->', at + 4)
        : xml.startsWith('<![CDATA[', at)
          ? xml.indexOf(']]>', at + 9)
          : xml.indexOf('>', at + 2);
      if (end < 0) return undefined;
      i = end + 1;
      continue;
    }
    if (next === SLASH) {
      depth--;
      const end = xml.indexOf('>', at + 2);
      if (end < 0) return undefined;
      i = end + 1;
      continue;
    }
    elements++;
    if (elements > bounds.maxElements) return `more than ${bounds.maxElements} elements`;
    // The start tag: attributes are the `=` outside quoted values; `/>` closes it at once.
    let j = at + 1;
    let quote = 0;
    let selfClosing = false;
    for (; j < length; j++) {
      const c = xml.charCodeAt(j);
      if (quote !== 0) {
        if (c === quote) quote = 0;
      } else if (c === QUOTE || c === APOSTROPHE) quote = c;
      else if (c === EQUALS) {
        attributes++;
        if (attributes > bounds.maxAttributes) return `more than ${bounds.maxAttributes} attributes`;
      } else if (c === GT) {
        selfClosing = xml.charCodeAt(j - 1) === SLASH;
        break;
      } else if (c === LT) break;
    }
    if (!selfClosing) {
      depth++;
      if (depth > bounds.maxDepth) return `elements nested deeper than ${bounds.maxDepth}`;
    }
    i = j + 1;
  }
  return undefined;
}
