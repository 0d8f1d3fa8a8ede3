/**
 * Runs the sandbox PA alone: `npx tsx sandbox-pa/src/main.ts [--port 8090] [--host 127.0.0.1] [--client-id ID]
 * [--client-secret SECRET] [--step-ms 1000] [--directory FILE] [--data-dir DIR]`. `--data-dir` keeps the flows and
 * the lifecycle scripts in DIR (src/journal.ts) so a restart resumes them; without it they live in memory. `--directory` seeds the Directory Service with a JSON
 * file `{ "<SIREN>": [lines] }` (sandbox-pa/README.md). Without --client-secret a random one is generated and printed once,
 * since an integrator needs it to configure the connector under test. Stops on SIGINT/SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkSeed, createMemoryState, createSandboxPa, type DirectorySeed } from './index.ts';
import { openJournal } from './journal.ts';

/** The shortest client secret the standalone sandbox accepts. */
export const MIN_SECRET_LENGTH = 16;

/** Parses `argv` (without node and script), starts the sandbox, and resolves with its URLs. */
export async function runStandalone(argv: string[]): Promise<{ flowUrl: string; tokenUrl: string; close: () => Promise<void> }> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '8090' },
      host: { type: 'string', default: '127.0.0.1' },
      'client-id': { type: 'string', default: 'sandbox-client' },
      'client-secret': { type: 'string' },
      'step-ms': { type: 'string', default: '1000' },
      directory: { type: 'string' },
      'data-dir': { type: 'string' },
    },
  });
  const port = Number(values.port);
  const stepMs = Number(values['step-ms']);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port must be an integer from 0 to 65535');
  if (!Number.isFinite(stepMs) || stepMs < 0) throw new Error('--step-ms must be a number of milliseconds, 0 or more');
  const generated = values['client-secret'] === undefined;
  // A short secret can be guessed even through the failed-authentication throttle.
  if (!generated && values['client-secret']!.length < MIN_SECRET_LENGTH)
    throw new Error(`--client-secret must be at least ${MIN_SECRET_LENGTH} characters (or leave it out: one is generated)`);
  const clientSecret = values['client-secret'] ?? randomBytes(24).toString('base64url');
  const directory = values.directory === undefined ? undefined : readSeed(values.directory);
  const dataDir = values['data-dir'];
  const state = dataDir === undefined ? undefined : createMemoryState({ now: () => new Date(), journal: openJournal(dataDir) });
  const sandbox = createSandboxPa({ clientId: values['client-id'], clientSecret, stepMs, directory, state });
  const { url } = await sandbox.listen(port, values.host);
  const resumed = await sandbox.start();
  // Lines a shell can paste as they are: the gateway then connects to this sandbox as to a real PA.
  const settings = [
    'export PLATFORM=afnor',
    `export PA_FLOW_URL=${url}/flow-service`,
    `export PA_DIRECTORY_URL=${url}/directory-service`,
    `export PA_TOKEN_URL=${url}/oauth/token`,
    `export PA_CLIENT_ID=${values['client-id']}`,
    generated ? `export PA_CLIENT_SECRET=${clientSecret}` : '# PA_CLIENT_SECRET: the one given with --client-secret',
  ];
  const kept = dataDir === undefined ? 'flows in memory only' : `flows kept in ${dataDir}, ${resumed.scripts} scripts resumed`;
  process.stdout.write(`# sandbox PA listening on ${url} (${kept})\n${settings.join('\n')}\n`);
  return { flowUrl: `${url}/flow-service`, tokenUrl: `${url}/oauth/token`, close: () => sandbox.close() };
}

/** The seed file `path` (JSON). @throws Error naming the file when it cannot be read or is not a seed. */
function readSeed(path: string): DirectorySeed {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`--directory ${path}: ${(error as Error).message}`);
  }
  return checkSeed(parsed);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runStandalone(process.argv.slice(2)).then(
    ({ close }) => {
      const stop = () => void close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (error: Error) => {
      process.stderr.write(`sandbox-pa: ${error.message}\n`);
      process.exit(2);
    },
  );
}
