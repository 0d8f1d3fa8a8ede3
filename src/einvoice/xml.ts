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

/** Escapes character data (`&`, `<`, `>`, and CR so it survives end-of-line normalisation). */
export function escapeText(value: string): string {
  return value.replace(TEXT, (c) => ESCAPES[c]!);
}

/** Escapes an attribute value in double quotes (also tab and line feed, which attribute normalisation would turn into spaces). */
export function escapeAttribute(value: string): string {
  return value.replace(ATTRIBUTE, (c) => ESCAPES[c]!);
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
