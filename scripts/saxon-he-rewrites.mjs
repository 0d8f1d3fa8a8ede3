#!/usr/bin/env node
// The pinned rewrites that let Saxon-HE 9.9 (Debian's libsaxonhe-java, the JVM engine of
// src/validation/saxon-he/) compile the official BR-FR UBL 1.4.0.03 stylesheet (issue 31). Saxon-HE 9.9
// refuses two XSLT 3.0 match patterns of the form `(A | B)[p]/C` ("Cannot convert the expression");
// each is rewritten into the equivalent union `A[p]/C | B[p]/C`, its inner `(C | D)` step distributed
// the same way (same nodes matched: `p` is a boolean, not positional, predicate; each branch of a
// union pattern keeps the template's explicit priority 1000 and mode). Nothing else changes, not even the `svrl:fired-rule/@context` text beside them. The pinned
// original (artefacts/br-fr-1.4.0.03/, sha256 in artefacts/README.md) is checked first and never
// written: the result goes to artefacts/sef/saxon-he/ (a build output, like the SEFs), with a stamp.
// Run by scripts/compile-artefacts.mjs at build time and, when the result is missing, by the engine.
//
// Usage: node scripts/saxon-he-rewrites.mjs   (exit code 1 if the original's hash or a pattern differs)
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const HEAD = '(ubl:Invoice | cn:CreditNote)';
const TYPES_MV = "[(cbc:InvoiceTypeCode | cbc:CreditNoteTypeCode) = ('384','472','381','396','503')]";
const TYPES_BD = "[(cbc:InvoiceTypeCode | cbc:CreditNoteTypeCode) = ('261','471','473','502')]";
const LINES = '/(cac:InvoiceLine | cac:CreditNoteLine)';
const REST =
  "/cac:BillingReference[cac:InvoiceDocumentReference/cbc:ID = $invoiceID][(cac:InvoiceDocumentReference/cbc:DocumentStatusCode = 'GROUP') and not(cac:BillingReferenceLine/cbc:ID)]";
const TAIL = `${LINES}${REST}`;

/**
 * `(A | B)[p]/(C | D)/E` as `A[p]/C/E | A[p]/D/E | B[p]/C/E | B[p]/D/E`: Saxon-HE 9.9 also refuses the
 * parenthesised union in the middle of the path ("The path in a pattern must contain simple steps"), so
 * both unions are distributed. A union of paths selects exactly the nodes the parenthesised form does.
 */
function split(predicate) {
  const branches = [];
  for (const root of ['ubl:Invoice', 'cn:CreditNote']) {
    for (const line of ['cac:InvoiceLine', 'cac:CreditNoteLine']) branches.push(`${root}${predicate}/${line}${REST}`);
  }
  return branches.join(' | ');
}

/** Per stylesheet: the pinned original, its sha256, the output name, and the exact `match` attributes replaced (each must occur once). */
export const REWRITES = {
  'brfr-ubl': {
    source: 'artefacts/br-fr-1.4.0.03/BR-FR-Flux2-Schematron-UBL_V1.4.0.03.xslt',
    sha256: '4a54e8b363907b7ca13c6d63302910aa7e42681fdaa6d16ef18b9a414973c09c',
    output: 'artefacts/sef/saxon-he/BR-FR-Flux2-Schematron-UBL_V1.4.0.03.saxon-he.xslt',
    replacements: [
      // line 5926, rule BR-FR-MV-14 (mode M81)
      [`match="${HEAD}${TYPES_MV}${TAIL}"`, `match="${split(TYPES_MV)}"`],
      // line 5978, rule BR-FR-BD-14
      [`match="${HEAD}${TYPES_BD}${TAIL}"`, `match="${split(TYPES_BD)}"`],
    ],
  },
};

/** Absolute path of the rewritten stylesheet Saxon-HE compiles for `name`. */
export function rewrittenPath(name) {
  return join(root, REWRITES[name].output);
}

/**
 * Writes every rewritten stylesheet whose stamp (the original's sha256) is missing or stale.
 * @throws Error when an original's sha256 is not the pinned one, or a pattern is not found exactly once.
 */
export function applyRewrites({ log = () => {} } = {}) {
  for (const [name, rewrite] of Object.entries(REWRITES)) {
    const output = join(root, rewrite.output);
    const rules = createHash('sha256').update(JSON.stringify(rewrite.replacements)).digest('hex');
    const stamp = `${rewrite.sha256} rewrites ${rules}\n`;
    try {
      if (readFileSync(`${output}.stamp`, 'utf8') === stamp) continue;
    } catch {}
    const original = readFileSync(join(root, rewrite.source));
    const sha = createHash('sha256').update(original).digest('hex');
    if (sha !== rewrite.sha256)
      throw new Error(`${rewrite.source}: sha256 ${sha}, pinned ${rewrite.sha256}: review the rewrites before changing the pin`);
    let text = original.toString('utf8');
    for (const [from, to] of rewrite.replacements) {
      const count = text.split(from).length - 1;
      if (count !== 1) throw new Error(`${rewrite.source}: pattern found ${count} times, expected once: ${from.slice(0, 80)}…`);
      text = text.replace(from, () => to);
    }
    mkdirSync(join(output, '..'), { recursive: true });
    writeFileSync(`${output}.partial`, text);
    renameSync(`${output}.partial`, output);
    writeFileSync(`${output}.stamp`, stamp);
    log(`rewrote ${rewrite.source} for Saxon-HE -> ${rewrite.output} (${name}, ${rewrite.replacements.length} patterns)`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    applyRewrites({ log: console.log });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
