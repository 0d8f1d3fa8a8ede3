/**
 * `GET /v1/invoices/{id}/document?syntax=ubl|cii` and
 * `GET /v1/credit-notes/{id}/document?syntax=ubl|cii`: the
 * e-invoice the pipeline generated, as stored (the same bytes every time),
 * over `Submission.document(syntax:)`. `syntax` defaults to `ubl`, the
 * syntax the gateway validates and sends. 404 `not-found` for an id this
 * tenant does not have; 404 `document-not-available` while the document is
 * not generated yet (still `received`, or refused before it could be written).
 * Reaches the `invoice` / `creditNote` query resolvers and `Submission.document`
 * (src/schema/types/submission.ts, generated-document.ts).
 */
import { OPERATIONS } from '../operations.ts';
import { sendProblem } from '../problem.ts';
import { type RestHandler, resultOf } from './types.ts';

const SYNTAXES = new Set(['ubl', 'cii']);

/** `syntax` once, `ubl` or `cii` (any case); absent or empty: `ubl`. */
function syntaxOf(url: string | undefined): { syntax: 'ubl' | 'cii' } | { issue: string } {
  const values = new URL(url ?? '/', 'http://gateway.invalid').searchParams.getAll('syntax').filter((v) => v !== '');
  if (values.length > 1) return { issue: 'syntax must be given at most once' };
  const syntax = (values[0] ?? 'ubl').toLowerCase();
  if (!SYNTAXES.has(syntax)) return { issue: 'syntax must be ubl or cii' };
  return { syntax: syntax as 'ubl' | 'cii' };
}

/** File name for Content-Disposition: the invoice number (BT-1 allows A-Z a-z 0-9 + - _ /; `/` becomes `-`). */
function fileName(number: string, syntax: string): string {
  return `${number.replace(/[^A-Za-z0-9+\-_]/g, '-')}.${syntax}.xml`;
}

/** One handler per kind (`operation`: `invoiceDocument` or `creditNoteDocument`). */
export function documentHandler(operation: 'invoiceDocument' | 'creditNoteDocument', kind: string): RestHandler {
  return async ({ req, res, params, context, run }) => {
    const parsed = syntaxOf(req.url);
    if ('issue' in parsed)
      return sendProblem(res, 'malformed', { detail: parsed.issue, errors: [{ parameter: 'syntax', message: parsed.issue }] });
    const syntax = parsed.syntax === 'ubl' ? 'UBL' : 'CII';
    const found = await resultOf(run, OPERATIONS[operation], { id: params.id ?? '', syntax }, context);
    if (!found) return sendProblem(res, 'notFound', { detail: `No ${kind} with id "${params.id ?? ''}"` });
    if (found.document === null) {
      const state = found.processingState.toLowerCase();
      return sendProblem(res, 'documentNotAvailable', {
        detail:
          state === 'received'
            ? `The ${kind} is still being processed (processing_state received): its e-invoice is not generated yet`
            : `No e-invoice was generated for this ${kind} (processing_state ${state}): see its rejection`,
        processing_state: state,
      });
    }
    res.writeHead(200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Content-Length': Buffer.byteLength(found.document),
      'Content-Disposition': `inline; filename="${fileName(found.number, parsed.syntax)}"`,
      'Cache-Control': 'private, max-age=0',
    });
    res.end(found.document);
  };
}
