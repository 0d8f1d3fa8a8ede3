/**
 * The smallest XML writer the UBL and CII writers need: escaping (XML 1.0
 * § 2.4 character data, § 3.3.3 attribute values) and element helpers that
 * omit an element whose value is absent. Writing is string concatenation:
 * the writers build each document in one pass.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\r': '&#13;',
  '\t': '&#9;',
  '\n': '&#10;',
};
const TEXT = /[&<>\r]/g;
const ATTRIBUTE = /[&<>"\r\t\n]/g;
/**
 * What XML 1.0 (§ 2.2 Char) cannot carry, even escaped: C0 controls but tab,
 * LF and CR; U+FFFE, U+FFFF; unpaired surrogates. A JSON string may hold them.
 */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML 1.0 forbids are exactly what this matches
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/**
 * True when `value` holds a character XML 1.0 cannot carry (see NOT_XML): the 422 stage refuses such text in the
 * fields the e-invoice carries (GW-CONTROL-CHARACTER), so the replacement below only guards the writers.
 */
export function hasNonXmlCharacter(value: string): boolean {
  NOT_XML.lastIndex = 0;
  const found = NOT_XML.test(value);
  NOT_XML.lastIndex = 0;
  return found;
}

/** U+FFFD REPLACEMENT CHARACTER: shows where a character was that the document could not carry. */
const REPLACEMENT = '\uFFFD';

/**
 * Escapes character data (`&`, `<`, `>`, and CR so it survives end-of-line
 * normalisation); a character XML 1.0 cannot carry becomes U+FFFD, so the
 * document stays well-formed (the 422 stage refuses them in the body's text, see hasNonXmlCharacter; this is the
 * guard for any other text).
 */
export function escapeText(value: string): string {
  return value.replace(NOT_XML, REPLACEMENT).replace(TEXT, (c) => ESCAPES[c]!);
}

/** Escapes an attribute value in double quotes (also tab and line feed, which attribute normalisation would turn into spaces). */
export function escapeAttribute(value: string): string {
  return value.replace(NOT_XML, REPLACEMENT).replace(ATTRIBUTE, (c) => ESCAPES[c]!);
}

/** Attributes as ` a="v"`, skipping absent values. */
function attributes(attrs: Record<string, string | undefined> | undefined): string {
  if (!attrs) return '';
  let out = '';
  for (const [name, value] of Object.entries(attrs)) if (value !== undefined) out += ` ${name}="${escapeAttribute(value)}"`;
  return out;
}

/** `<name attrs>text</name>`, or '' when `text` is undefined or empty. */
export function leaf(name: string, text: string | undefined, attrs?: Record<string, string | undefined>): string {
  if (text === undefined || text === '') return '';
  return `<${name}${attributes(attrs)}>${escapeText(text)}</${name}>`;
}

/** `<name>children</name>`, or '' when every child is empty. */
export function node(name: string, ...children: string[]): string {
  const inner = children.join('');
  return inner === '' ? '' : `<${name}>${inner}</${name}>`;
}
