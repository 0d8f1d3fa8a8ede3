/**
 * The `passerelle` command line:
 *   serve                          run the gateway (what `npm start` runs)
 *   migrate                        apply database migrations and exit
 *   token create --tenant NAME     create the tenant if needed and a token; the token alone on the last line
 *   token revoke PREFIX            revoke the token with this prefix (pas_… or plt_…)
 *   platform-token create --name NAME   a credential for the PA (POST /pa/v1/lifecycle-events)
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { openConfigured } from './db/open.ts';
import { createPlatformToken, createToken, revokeToken } from './domain/tenancy/service.ts';
import { createLogger } from './logger.ts';
import { serve } from './serve.ts';

const USAGE = `Usage: passerelle <command>
  serve                        run the gateway
  migrate                      apply database migrations
  token create --tenant NAME   create a token (and the tenant if needed)
  token revoke PREFIX          revoke a token (tenant or platform) by its prefix
  platform-token create --name NAME
                               create a platform (PA) credential`;

async function withDatabase<T>(run: (database: Awaited<ReturnType<typeof openConfigured>>) => Promise<T>): Promise<T> {
  const database = await openConfigured(loadConfig());
  try {
    await database.migrate();
    return await run(database);
  } finally {
    await database.close();
  }
}

/** Runs the command in `argv` (without node and script); returns the exit code. */
export async function runCli(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { tenant: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, sub, arg] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 1;
  }
  if (command === 'serve') {
    const config = loadConfig();
    await serve(config, createLogger(config.logLevel));
    return -1; // keeps running
  }
  if (command === 'migrate') {
    await withDatabase(async () => undefined);
    console.log('Migrations applied.');
    return 0;
  }
  if (command === 'token' && sub === 'create') {
    if (!values.tenant) {
      console.error('token create needs --tenant NAME');
      return 1;
    }
    const created = await withDatabase((database) => createToken(database.db, values.tenant!));
    console.log(`Token for tenant "${created.tenant.name}" (prefix ${created.prefix}); shown once:`);
    console.log(created.token);
    return 0;
  }
  if (command === 'platform-token' && sub === 'create') {
    if (!values.name) {
      console.error('platform-token create needs --name NAME');
      return 1;
    }
    const created = await withDatabase((database) => createPlatformToken(database.db, values.name!));
    console.log(`Platform credential "${created.platform.name}" (prefix ${created.prefix}); shown once:`);
    console.log(created.token);
    return 0;
  }
  if (command === 'token' && sub === 'revoke' && arg) {
    const revoked = await withDatabase((database) => revokeToken(database.db, arg));
    console.log(revoked ? `Revoked ${arg}.` : `No live token with prefix ${arg}.`);
    return revoked ? 0 : 1;
  }
  console.error(USAGE);
  return 1;
}
