/**
 * The `passerelle seller` commands (`list`, `show SIREN`, `set --file JSON`) of a tenant named by `--tenant`,
 * through the sellers service (src/domain/sellers/): what `GET/POST/PUT /v1/sellers` do, for an operator.
 * Registered in `ADMIN_COMMANDS` (cli-admin.ts), so they also run through a running gateway's admin socket.
 */
import { readFileSync } from 'node:fs';
import type { Db } from '../db/client.ts';
import { createSeller, getSeller, listSellers, replaceSeller } from '../domain/sellers/sellers-service.ts';
import { findTenant } from '../domain/tenancy/tenancy-store.ts';
import type { SellerProfileInput } from '../model/seller-profile.ts';
import type { AdminCommand, AdminOptions, AdminOutput } from './cli-admin.ts';
import { UsageError } from './cli-errors.ts';

/** Sellers listed per page read (the command prints them all). */
const PAGE = 100;

function requireTenant(options: AdminOptions): void {
  if (!options.tenant) throw new UsageError('--tenant NAME is required');
}

/** The tenant's id, or undefined after telling the operator (exit 2). */
async function tenantId(db: Db, options: AdminOptions, out: AdminOutput): Promise<string | undefined> {
  const tenant = await findTenant(db, options.tenant!);
  if (!tenant) out.error(`passerelle: no tenant "${options.tenant}" (passerelle tenant list shows them)`);
  return tenant?.id;
}

/**
 * Reads and parses `--file` in the CLI's own process (the gateway that may run the command reads no file of the
 * caller's), leaving the profile in `options.body`. @throws UsageError when the file is missing, unreadable or not JSON.
 */
function readProfileFile(options: AdminOptions): void {
  if (!options.file) throw new UsageError('--file PATH (a seller profile in JSON, as PUT /v1/sellers/{siren} takes) is required');
  requireTenant(options);
  let text: string;
  try {
    text = readFileSync(options.file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${options.file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    options.body = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${options.file} is not JSON: ${(error as Error).message}`);
  }
}

/** By subcommand. */
export const SELLER_COMMANDS: Record<string, AdminCommand> = {
  'seller list': {
    check: requireTenant,
    async execute(db, options, out) {
      const id = await tenantId(db, options, out);
      if (!id) return 2;
      let after: string | undefined;
      let printed = 0;
      for (;;) {
        const page = await listSellers(db, id, { after, limit: PAGE });
        for (const seller of page) {
          const { siren, name, vat_number: vat } = seller.profile;
          out.log([siren, name, vat ?? '-', seller.isDefault ? 'default' : '', seller.updatedAt.toISOString()].join('\t'));
        }
        printed += page.length;
        if (page.length < PAGE) break;
        after = page.at(-1)!.profile.siren;
      }
      if (printed === 0) out.log('(none)');
      return 0;
    },
  },
  'seller show': {
    arguments: 1,
    check: (options) => {
      requireTenant(options);
      if (!options.argument) throw new UsageError('the SIREN is required');
    },
    async execute(db, options, out) {
      const id = await tenantId(db, options, out);
      if (!id) return 2;
      const seller = await getSeller(db, id, options.argument!);
      if (!seller) {
        out.error(`passerelle: tenant "${options.tenant}" has no seller ${options.argument}`);
        return 1;
      }
      out.log(JSON.stringify({ ...seller.profile, default: seller.isDefault }, null, 2));
      return 0;
    },
  },
  'seller set': {
    check: readProfileFile,
    async execute(db, options, out) {
      const id = await tenantId(db, options, out);
      if (!id) return 2;
      const input = options.body as SellerProfileInput;
      const siren = typeof input?.siren === 'string' ? input.siren : undefined;
      const existing = siren ? await getSeller(db, id, siren) : undefined;
      const saved = existing ? await replaceSeller(db, id, siren!, input) : await createSeller(db, id, input);
      if (saved.ok) {
        out.log(
          `${existing ? 'Replaced' : 'Created'} seller ${saved.seller.profile.siren} of tenant "${options.tenant}"${saved.seller.isDefault ? ' (its default)' : ''}.`,
        );
        return 0;
      }
      if (saved.code === 'invalid') {
        out.error(`passerelle: the profile in ${options.file} is refused:`);
        for (const violation of saved.violations) out.error(`  /${violation.path.join('/')}: ${violation.rule}: ${violation.message}`);
        return 1;
      }
      out.error(`passerelle: seller ${siren} could not be saved (${saved.code}); try again`);
      return 1;
    },
  },
};
