/**
 * `GET /v1/directory/{siren}`: what the PA's directory says of a SIREN, in snake_case
 * (`{ siren, registered, lines: [{ addressing_identifier, siret?, routing_code?, suffix?, platform, status }], checked_at }`).
 * A thin adapter over the `directoryEntry` query (src/schema/types/directory.ts): 400 naming `siren` when it is
 * malformed, 501 without a directory, 503 (Retry-After) when the PA's cannot be asked now.
 */
import { OPERATIONS } from '../operations.ts';
import { sendJson, problemDetail, sendProblem } from '../problem.ts';
import { type RestHandler, resultOf } from './types.ts';

/** Seconds a client waits before asking again after a 503. */
const RETRY_AFTER_S = 30;

export const directoryHandler: RestHandler = async ({ res, params, context, run }) => {
  const result = await resultOf(run, OPERATIONS.directoryEntry, { siren: params.siren ?? '' }, context);
  switch (result.__typename) {
    case 'InvalidArguments': {
      const errors = result.issues.map((issue) => ({ parameter: 'siren', message: issue.message }));
      return sendProblem(res, 'malformed', { detail: problemDetail(errors), errors });
    }
    case 'DirectoryUnavailable':
      return result.configured
        ? sendProblem(res, 'unavailable', { detail: result.message }, { 'Retry-After': String(RETRY_AFTER_S) })
        : sendProblem(res, 'directoryNotConfigured', { detail: result.message });
    case 'DirectoryEntry':
      return sendJson(res, 200, {
        siren: result.siren,
        registered: result.registered,
        lines: result.lines.map((line) => ({
          addressing_identifier: line.addressingIdentifier,
          ...(line.siret && { siret: line.siret }),
          ...(line.routingCode && { routing_code: line.routingCode }),
          ...(line.suffix && { suffix: line.suffix }),
          platform: line.platform,
          status: line.status,
        })),
        checked_at: result.checkedAt,
      });
  }
};
