/** Examples of `GET /v1/directory/{siren}`'s replies (`./directory.ts`), validated against their schemas by the OpenAPI test. */
import { detailExample, errorsExample, type Example } from './example-values.ts';

const entry = {
  siren: '732829320',
  registered: true,
  lines: [{ addressing_identifier: '732829320', platform: 'WK', status: 'Enabled' }],
  checked_at: '2026-11-27T15:20:02.000Z',
};

/** Examples of the directory's replies. */
export const directoryExamples: Record<string, Example> = {
  DirectoryRegistered: { summary: 'A company registered with a SIREN-level line', value: entry },
  DirectoryUnregistered: {
    summary: 'A SIREN the directory does not know: its invoices are reported (B2C), not e-invoiced',
    value: { siren: '999000003', registered: false, lines: [], checked_at: entry.checked_at },
  },
  DirectoryMalformedSiren: errorsExample('siren is not a SIREN', 'malformed', [
    { parameter: 'siren', message: 'must be a SIREN: 9 digits with a valid Luhn key' },
  ]),
  DirectoryNotConfigured: detailExample(
    'No directory configured',
    'directoryNotConfigured',
    'No directory is configured (PA_DIRECTORY_URL)',
  ),
  DirectoryUnavailable: detailExample(
    "The PA's directory cannot be asked now",
    'unavailable',
    "The PA's directory could not be asked now (siren: HTTP 503): try again later",
  ),
};
