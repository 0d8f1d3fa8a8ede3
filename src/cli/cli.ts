/**
 * The `passerelle` command line: parsing, usage and help. A mistake in the
 * command (unknown command or option, missing argument) prints a short
 * usage on stderr and exits 2, never a stack trace; `--help` on any command
 * prints its help and exits 0. The administrative commands themselves are in
 * `cli-admin.ts`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { askRunningGateway } from './admin-socket.ts';
import { ADMIN_COMMANDS, type AdminOptions, CONSOLE_OUTPUT, UsageError } from './cli-admin.ts';
import { CONFIG_VARIABLES, loadConfig } from '../app/config.ts';
import { withDatabase } from './cli-database.ts';
import { DataDirLockedError } from '../db/lock-file.ts';
import { createLogger } from '../lib/logger.ts';
import { serve, StartupError } from './serve.ts';
import { worker } from './worker.ts';
import { runStandalone } from '../../sandbox-pa/src/main.ts';
import { loadPlatformSettings } from '../platform/settings.ts';

const COMMANDS: Record<string, string> = {
  serve: 'serve                                  run the gateway (what npm start runs)',
  worker: 'worker                                 the pipeline and PA connector without the API (PostgreSQL only; serve with WORKERS=off)',
  migrate: 'migrate                                apply database migrations and exit',
  token: `token create --tenant NAME [--create-tenant]
                                         a token for tenant NAME (--create-tenant: create it first)
  token revoke PREFIX|TOKEN              revoke a tenant or platform token (prints the prefix only)
  token list                             tenant tokens: prefix, tenant, created, revoked`,
  'platform-token': `platform-token create --name NAME    a credential for the PA (/pa/v1/lifecycle-events, /pa/v1/flow-callbacks)
  platform-token revoke PREFIX|TOKEN     revoke it
  platform-token list                    platform credentials: prefix, name, created, revoked`,
  tenant: 'tenant list                            tenants, oldest first',
  'pa-problems':
    'pa-problems list                       incoming PA flows kept as problems (set aside, unreadable, unmatched), newest first',
  seller: `seller list --tenant NAME              the tenant's sellers: SIREN, name, VAT id, default, updated
  seller show SIREN --tenant NAME        one seller's profile (JSON, as GET /v1/sellers/{siren})
  seller set --file PROFILE.json --tenant NAME
                                         create or replace the seller the file's siren names (its first is its default)`,
  'sandbox-pa': `sandbox-pa [--port 8090] [--host 127.0.0.1] [--client-id ID] [--client-secret S] [--step-ms 1000] [--directory FILE]
           [--data-dir DIR]              run the sandbox PA alone (AFNOR Flow and Directory Services) for testing a connector;
                                         --directory seeds its directory from a JSON file { "<SIREN>": [lines] };
                                         --data-dir keeps its flows and scripts in DIR across restarts (default: in memory);
                                         prints the PA_* settings to give it`,
};

/** The package's version, from its package.json above this module (src/ under tsx, dist/src/ when built). */
function version(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version: string };
    if (pkg.name === 'passerelle') return pkg.version;
  }
  return 'unknown';
}

/** The usage of `command` (or of every command), with the environment variables for the full help. */
export function usage(command?: string, full = false): string {
  const lines = command && COMMANDS[command] ? [COMMANDS[command]] : Object.values(COMMANDS);
  const text = `Usage: passerelle <command> [options]\n  ${lines.join('\n  ')}\n\nOptions: --help (-h) on any command, --version (-v)`;
  if (!full) return text;
  const width = Math.max(...CONFIG_VARIABLES.map((variable) => variable.name.length));
  const variables = CONFIG_VARIABLES.map(
    (variable) => `  ${variable.name.padEnd(width)}  ${variable.summary} (default: ${variable.fallback})`,
  );
  return `${text}\n\nEnvironment (docs/configuration.md):\n${variables.join('\n')}`;
}

/**
 * Runs the command in `argv` (without node and script); resolves with the
 * exit code, or -1 when the command keeps running (serve).
 */
const OPTIONS = {
  tenant: { type: 'string' },
  name: { type: 'string' },
  'create-tenant': { type: 'boolean' },
  file: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

export async function runCli(argv: string[]): Promise<number> {
  if (argv[0] === 'sandbox-pa' && !argv.includes('--help') && !argv.includes('-h')) return sandboxPa(argv.slice(1));
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: typeof OPTIONS }>>;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    console.error(`passerelle: ${(error as Error).message}\n\n${usage()}`);
    return 2;
  }
  const { positionals, values } = parsed;
  const [command, sub, ...rest] = positionals;
  if (values.version) {
    console.log(version());
    return 0;
  }
  if (values.help) {
    if (command && !COMMANDS[command]) {
      console.error(`passerelle: unknown command "${command}"\n\n${usage()}`);
      return 2;
    }
    // The environment list belongs to `passerelle --help` alone; a command's help is its usage.
    console.log(usage(command, !command));
    return 0;
  }
  if (!command) {
    console.error(`${usage()}\n\nThe environment variables: passerelle --help`);
    return 2;
  }
  if (command === 'serve' && !sub) {
    const config = loadConfig();
    await serve(config, createLogger(config.logLevel), loadPlatformSettings());
    return -1;
  }
  if (command === 'worker' && !sub) {
    const config = loadConfig();
    await worker(config, createLogger(config.logLevel), loadPlatformSettings());
    return -1;
  }
  if (command === 'migrate' && !sub) {
    await withDatabase(async () => undefined);
    console.log('Migrations applied.');
    return 0;
  }
  const run = ADMIN_COMMANDS[`${command} ${sub ?? ''}`];
  if (!run || rest.length > (run.arguments ?? 0)) {
    console.error(`passerelle: unknown command "${positionals.join(' ')}"\n\n${usage(command)}`);
    return 2;
  }
  const options: AdminOptions = {
    tenant: values.tenant,
    name: values.name,
    'create-tenant': values['create-tenant'],
    argument: rest[0],
    file: values.file,
  };
  try {
    run.check?.(options);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`passerelle: ${error.message}\n\n${usage(command)}`);
    return 2;
  }
  return runAdmin(`${command} ${sub}`, options);
}

/**
 * Runs an administrative command on the configured database; when a gateway holds the embedded
 * database, asks that gateway to run it (`admin-socket.ts`). @throws DataDirLockedError when a process
 * holds the directory but answers nothing.
 */
async function runAdmin(name: string, options: AdminOptions): Promise<number> {
  const command = ADMIN_COMMANDS[name]!;
  try {
    return await withDatabase((database) => command.execute(database.db, options, CONSOLE_OUTPUT));
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const code = await askRunningGateway(error.dataDir, name, options, CONSOLE_OUTPUT);
    if (code === undefined) throw error;
    return code;
  }
}

/** `passerelle sandbox-pa`: the sandbox PA alone (sandbox-pa/src/main.ts), until SIGINT/SIGTERM; -1 while it runs, 2 on a usage mistake. */
async function sandboxPa(argv: string[]): Promise<number> {
  let started: Awaited<ReturnType<typeof runStandalone>>;
  try {
    started = await runStandalone(argv);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new StartupError('the sandbox PA port is in use (choose another with --port)');
    console.error(`passerelle: ${(error as Error).message}\n\n${usage('sandbox-pa')}`);
    return 2;
  }
  const stop = () => void started.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return -1;
}
