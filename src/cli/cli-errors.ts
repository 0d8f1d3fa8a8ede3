/** The CLI's usage mistake, thrown by a command's `check` (cli-admin.ts, cli-sellers.ts), caught by cli.ts. */

/** A mistake in the command line: printed with the usage, exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
