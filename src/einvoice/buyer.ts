/**
 * The buyer (EN 16931 BG-7) from `customer_snapshot`, and the French
 * processing rule it implies (docs/mapping.md, "Buyer and processing rule"):
 * - B2B: a French company, i.e. a `siren` tax id, or a SIREN read from a
 *   `siret` (its first 9 digits) or from an FR VAT number (FR + 2-character key + SIREN). BT-47 = SIREN (scheme 0002),
 *   BT-49 = SIREN with scheme 0225 (BR-FR-11, BR-FR-21).
 * - B2BInt: a business buyer elsewhere (a VAT number of another country, or
 *   another tax id while the address is outside France).
 * - B2C: anyone else.
 * BT-49 outside B2B: scheme EM with the customer's e-mail; without one, a
 * business buyer's VAT number under its country's EAS scheme (vat-endpoint.ts:
 * 9930 for DE, 9932 for GB, 9927 for CH, ...); none → BR-FR-12.
 */
import type { CustomerSnapshot } from '../model/documents.ts';
import { isEuMemberState } from '../model/eu-vat.ts';
import type { Party, ProcessingRule, SchemedId } from './model.ts';
import { vatEndpoint } from './vat-endpoint.ts';

/** What the mapping needs to know about the buyer. */
export interface BuyerFacts {
  party: Party;
  processingRule: ProcessingRule;
  /** BT-48 present and from an EU member state other than France (intra-EU supply: AE, K). */
  intraEuBusiness: boolean;
  /** Billing address outside the EU (export: G). */
  outsideEu: boolean;
  /** False when no BT-49 can be derived (BR-FR-12). */
  hasEndpoint: boolean;
}

const SIREN_TYPES = new Set(['siren', 'fr_siren']);
const SIRET_TYPES = new Set(['siret', 'fr_siret']);
const VAT_TYPES = new Set(['eu_vat', 'fr_vat', 'vat']);

/** The SIREN of a customer: its `siren` tax id, else the first 9 digits of its SIRET, else the one inside an FR VAT number. */
function sirenOf(taxIds: ReadonlyArray<{ type: string; value: string }>): string | undefined {
  const direct = taxIds.find((id) => SIREN_TYPES.has(id.type.toLowerCase()));
  if (direct) return direct.value;
  // A SIRET is the SIREN followed by the establishment's 5-digit NIC (INSEE).
  const siret = taxIds.find((id) => SIRET_TYPES.has(id.type.toLowerCase()) && /^\d{14}$/.test(id.value));
  if (siret) return siret.value.slice(0, 9);
  const frVat = taxIds.find((id) => VAT_TYPES.has(id.type.toLowerCase()) && /^FR[0-9A-Z]{2}\d{9}$/.test(id.value));
  return frVat?.value.slice(4);
}

/**
 * Classifies the buyer and builds its party (BT-44 name, BT-47, BT-48, BT-49,
 * BG-8 address, BT-58 e-mail). Pure; never throws on a structurally valid
 * snapshot.
 */
export function buyerFacts(customer: CustomerSnapshot): BuyerFacts {
  const taxIds = customer.tax_ids ?? [];
  const siren = sirenOf(taxIds);
  const vatId = taxIds.find((id) => VAT_TYPES.has(id.type.toLowerCase()))?.value;
  const country = customer.billing_address.country;
  const vatCountry = vatId?.slice(0, 2) === 'EL' ? 'GR' : vatId?.slice(0, 2);
  const processingRule: ProcessingRule = siren ? 'B2B' : vatId || (taxIds.length > 0 && country !== 'FR') ? 'B2BInt' : 'B2C';
  const email = customer.email?.trim() ? customer.email.trim() : undefined;
  const endpoint: SchemedId | undefined = siren
    ? { scheme: '0225', value: siren }
    : email
      ? { scheme: 'EM', value: email }
      : vatId
        ? vatEndpoint(vatId)
        : undefined;
  const address = customer.billing_address;
  return {
    party: {
      name: customer.name,
      legalId: siren ? { scheme: '0002', value: siren } : undefined,
      vatId,
      endpoint,
      address: { line1: address.line1, city: address.city, postalCode: address.postal_code, country },
      email,
    },
    processingRule,
    intraEuBusiness: vatCountry !== undefined && vatCountry !== 'FR' && isEuMemberState(vatCountry),
    outsideEu: country !== 'FR' && !isEuMemberState(country),
    hasEndpoint: endpoint !== undefined,
  };
}
