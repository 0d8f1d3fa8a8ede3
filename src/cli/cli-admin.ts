/**
 * The administrative commands: tokens, platform credentials, tenants, sellers (cli-sellers.ts). Each
 * prints for an operator and returns its exit code (0 done, 1 nothing to do,
 * 2 a usage mistake). Secrets are printed once, at creation, never again:
 * lists show public prefixes, and a revocation echoes the prefix only.
 */
import type { Db } from '../db/client.ts';
import { createPlatformToken, createToken, revokeToken } from '../domain/tenancy/tenancy-service.ts';
import { findTenant, listPlatformTokens, listTenants, listTokens, type TokenListing } from '../domain/tenancy/tenancy-store.ts';
import { tokenPrefix } from '../domain/tenancy/token.ts';
import { listProblems } from '../platform/inbound/inbound-store.ts';
import { UsageError } from './cli-errors.ts';
import { SELLER_COMMANDS } from './cli-sellers.ts';

export { UsageError } from './cli-errors.ts';

export interface AdminOptions {
  tenant?: string;
  name?: string;
  'create-tenant'?: boolean;
  /** The positional argument after the subcommand (a prefix, a token, a SIREN). */
  argument?: string;
  /** `seller set --file PATH`: the file, and the JSON read from it by the command's check (in the CLI's process). */
  file?: string;
  body?: unknown;
}

/** Where a command prints: the terminal, or a reply to the CLI that asked a running gateway (`admin-socket.ts`). */
export interface AdminOutput {
  log(line: string): void;
  error(line: string): void;
}

/** The terminal. */
export const CONSOLE_OUTPUT: AdminOutput = { log: (line) => console.log(line), error: (line) => console.error(line) };

export interface AdminCommand {
  /** Positional arguments it takes after the subcommand. */
  arguments?: number;
  /** Refuses a command line it cannot run, before any database is opened. @throws UsageError */
  check?(options: AdminOptions): void;
  execute(db: Db, options: AdminOptions, out: AdminOutput): Promise<number>;
}

function require(options: AdminOptions, key: 'tenant' | 'name' | 'argument', what: string): void {
  if (!options[key]) throw new UsageError(`${what} is required`);
}

function printTokens(tokens: TokenListing[], out: AdminOutput): number {
  if (tokens.length === 0) out.log('(none)');
  for (const token of tokens) {
    out.log(
      [
        token.prefix,
        token.owner,
        token.createdAt.toISOString(),
        token.revokedAt ? `revoked ${token.revokedAt.toISOString()}` : 'live',
      ].join('\t'),
    );
  }
  return 0;
}

/** Prints a new credential, the only time it is shown: what it is, an `export` line for `variable`, then the bare token. */
function printSecret(out: AdminOutput, what: string, variable: string, created: { prefix: string; token: string }): number {
  out.log(`${what} (prefix ${created.prefix}); shown once:`);
  out.log(`  export ${variable}=${created.token}`);
  out.log(created.token);
  return 0;
}

const revoke: AdminCommand = {
  arguments: 1,
  check: (options) => require(options, 'argument', 'the token prefix (or the token)'),
  async execute(db, options, out) {
    // Only the public prefix is ever printed back, even when the whole token was given.
    const prefix = tokenPrefix(options.argument!) ?? options.argument!.slice(0, 16);
    const revoked = await revokeToken(db, options.argument!);
    out.log(revoked ? `Revoked ${prefix}.` : `No live token with prefix ${prefix}.`);
    return revoked ? 0 : 1;
  },
};

/** By `<command> <subcommand>`. */
export const ADMIN_COMMANDS: Record<string, AdminCommand> = {
  'token create': {
    check: (options) => require(options, 'tenant', '--tenant NAME'),
    async execute(db, options, out) {
      const name = options.tenant!;
      if (!options['create-tenant'] && !(await findTenant(db, name))) {
        out.error(`passerelle: no tenant "${name}"; add --create-tenant to create it (passerelle tenant list shows them)`);
        return 2;
      }
      const created = await createToken(db, name);
      return printSecret(out, `Token for tenant "${created.tenant.name}"`, 'TOKEN', created);
    },
  },
  'token revoke': revoke,
  'token list': { execute: async (db, _options, out) => printTokens(await listTokens(db), out) },
  'platform-token create': {
    check: (options) => require(options, 'name', '--name NAME'),
    async execute(db, options, out) {
      const created = await createPlatformToken(db, options.name!);
      return printSecret(out, `Platform credential "${created.platform.name}"`, 'PLATFORM_TOKEN', created);
    },
  },
  'platform-token revoke': revoke,
  'platform-token list': { execute: async (db, _options, out) => printTokens(await listPlatformTokens(db), out) },
  'pa-problems list': {
    async execute(db, _options, out) {
      // Incoming PA flows kept as problems (set aside, unreadable, unmatched...): docs/operations.md.
      const problems = await listProblems(db);
      if (problems.length === 0) out.log('(none)');
      for (const row of problems)
        out.log([row.seenAt.toISOString(), row.problem, row.flowId, row.connection, JSON.stringify(row.detail).slice(0, 300)].join('\t'));
      return 0;
    },
  },
  'tenant list': {
    async execute(db, _options, out) {
      const tenants = await listTenants(db);
      if (tenants.length === 0) out.log('(none)');
      for (const tenant of tenants) out.log(`${tenant.name}\t${tenant.id}\t${tenant.createdAt.toISOString()}`);
      return 0;
    },
  },
  ...SELLER_COMMANDS,
};
