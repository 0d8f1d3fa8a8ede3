/** Process entry point of the `passerelle` command (see `cli.ts`). */
import { runCli } from './cli.ts';
import { ConfigError } from '../app/config.ts';
import { DataDirLockedError } from '../db/lock-file.ts';
import { StartupError } from './serve.ts';

try {
  const code = await runCli(process.argv.slice(2));
  if (code >= 0) process.exitCode = code;
} catch (error) {
  // Operator mistakes get one clear line; anything else gets its stack.
  const expected = error instanceof DataDirLockedError || error instanceof ConfigError || error instanceof StartupError;
  console.error(`passerelle: ${expected ? (error as Error).message : 'unexpected failure'}`);
  if (!expected) console.error(error);
  // Whatever a failed start left behind (timers, sockets) must not keep the process alive.
  process.exit(1);
}
