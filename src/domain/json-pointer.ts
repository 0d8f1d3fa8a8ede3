/** JSON Pointer (RFC 6901) formatting of a path given as segments. */

/** `['lines', 3, 'taxes']` -> `/lines/3/taxes`; `~` and `/` in keys are escaped as `~0` and `~1`. The root is `''`. */
export function toJsonPointer(segments: ReadonlyArray<string | number>): string {
  let pointer = '';
  for (const segment of segments) {
    pointer += '/' + String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
  }
  return pointer;
}

/** `/lines/3/taxes` -> `['lines', 3, 'taxes']`; all-digit segments become numbers (array indices). */
export function fromJsonPointer(pointer: string): Array<string | number> {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((raw) => {
      const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      return /^(0|[1-9][0-9]*)$/.test(segment) ? Number(segment) : segment;
    });
}
