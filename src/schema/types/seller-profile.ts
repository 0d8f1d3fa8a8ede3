/**
 * SellerProfile: who the seller (EN 16931 BG-4) of the tenant's documents is.
 * Query `sellerProfile`, mutation `setSellerProfile`; `GET` and `PUT
 * /v1/seller-profile` run these. Field docs carry the business terms.
 */
import type { ElectronicAddress, LegalNotes, SellerAddress, SellerProfile, SellerProfileInput } from '../../model/seller-profile.ts';
import { getSellerProfile, setSellerProfile } from '../../domain/sellers/sellers-service.ts';
import { tenantOf } from '../auth.ts';
import { builder } from '../builder.ts';
import { resultErrors } from '../fields.ts';
import { inputIssues } from '../input-issues.ts';
import { inputToWire } from '../wire-names.ts';
import { ValidationFailed } from './errors.ts';

const SellerAddressRef = builder.objectRef<SellerAddress>('SellerAddress').implement({
  description: 'Seller postal address (BG-5).',
  fields: (t) => ({
    line1: t.exposeString('line1', { description: 'BT-35 Address line 1.' }),
    line2: t.string({ nullable: true, description: 'BT-36 Address line 2.', resolve: (a) => a.line2 ?? null }),
    postalCode: t.exposeString('postal_code', { description: 'BT-38 Post code.' }),
    city: t.exposeString('city', { description: 'BT-37 City.' }),
    country: t.exposeString('country', { description: 'BT-40 Country code, ISO 3166-1 alpha-2.' }),
  }),
});

const ElectronicAddressRef = builder.objectRef<ElectronicAddress>('ElectronicAddress').implement({
  description: 'An electronic address (BT-34 for the seller) and its EAS scheme.',
  fields: (t) => ({
    scheme: t.exposeString('scheme', {
      description: 'EAS code, e.g. 0225 (French addressing identifier), 0002 (SIREN), 0009 (SIRET), EM (e-mail), 9957 (French VAT).',
    }),
    value: t.exposeString('value'),
  }),
});

const LegalNotesRef = builder.objectRef<LegalNotes>('LegalNotes').implement({
  description: 'The notes the French rules require on every invoice (BR-FR-05/06).',
  fields: (t) => ({
    pmt: t.exposeString('pmt', { description: '#PMT#: the fixed recovery indemnity (40 €).' }),
    pmd: t.exposeString('pmd', { description: '#PMD#: the late-payment penalties.' }),
    aab: t.exposeString('aab', { description: '#AAB#: the early-payment discount terms.' }),
  }),
});

export const SellerProfileRef = builder.objectRef<SellerProfile>('SellerProfile').implement({
  description: 'A seller (BG-4) of the tenant, as stored: complete, defaults filled in.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'BT-27 Seller name.' }),
    tradingName: t.exposeString('trading_name', { nullable: true, description: 'BT-28 Seller trading name.' }),
    siren: t.exposeString('siren', { description: 'BT-30 Seller legal registration identifier (SIREN, scheme 0002).' }),
    siret: t.exposeString('siret', { nullable: true, description: 'SIRET of the establishment; starts with the SIREN (BR-FR-09).' }),
    vatNumber: t.exposeString('vat_number', { nullable: true, description: 'BT-31 Seller VAT identifier.' }),
    address: t.field({ type: SellerAddressRef, resolve: (p) => p.address }),
    electronicAddress: t.field({
      type: ElectronicAddressRef,
      description: 'BT-34 Seller electronic address.',
      resolve: (p) => p.electronic_address,
    }),
    email: t.exposeString('email', { nullable: true, description: 'BT-43 Seller contact e-mail.' }),
    iban: t.exposeString('iban', { nullable: true, description: 'BT-84 Payment account identifier (IBAN), compact and in capitals.' }),
    bic: t.exposeString('bic', { nullable: true, description: 'BT-86 Payment service provider identifier (BIC).' }),
    billingFramework: t.exposeString('billing_framework', { description: 'Default BT-23 billing framework (BR-FR-08), e.g. S1.' }),
    legalNotes: t.field({ type: LegalNotesRef, resolve: (p) => p.legal_notes }),
    vatRegime: t.exposeString('vat_regime', {
      description:
        'VAT regime (DSE v3.2 § 3.7.7): normal_monthly, normal_quarterly, simplified or franchise; sets the e-reporting periods.',
    }),
    vatOnDebits: t.exposeBoolean('vat_on_debits', {
      description: 'Option for paying VAT on debits: BT-8 on every invoice, and no payment data owed.',
    }),
  }),
});

const SellerAddressInput = builder.inputType('SellerAddressInput', {
  description: 'Seller postal address (BG-5).',
  fields: (t) => ({
    line1: t.string({ required: true, description: 'BT-35' }),
    line2: t.string({ description: 'BT-36' }),
    postalCode: t.string({ required: true, description: 'BT-38' }),
    city: t.string({ required: true, description: 'BT-37' }),
    country: t.string({ required: true, description: 'BT-40, ISO 3166-1 alpha-2 (BR-CL-14).' }),
  }),
});

const ElectronicAddressInput = builder.inputType('ElectronicAddressInput', {
  fields: (t) => ({
    scheme: t.string({ description: 'EAS code (BR-CL-25); default 0225.' }),
    value: t.string({ required: true }),
  }),
});

const LegalNotesInput = builder.inputType('LegalNotesInput', {
  description: 'BR-FR-05/06 notes; each one left out takes its French default.',
  fields: (t) => ({ pmt: t.string(), pmd: t.string(), aab: t.string() }),
});

export const SellerProfileInputRef = builder.inputType('SellerProfileInput', {
  description: 'A whole seller profile (setSellerProfile, createSeller, updateSeller): it replaces the stored one.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'BT-27' }),
    tradingName: t.string({ description: 'BT-28' }),
    siren: t.string({ required: true, description: 'BT-30: 9 digits, valid Luhn key (BR-FR-10).' }),
    siret: t.string({ description: '14 digits, valid key, starting with the SIREN (BR-FR-09).' }),
    vatNumber: t.string({ description: 'BT-31: EU format; an FR number is built on the SIREN.' }),
    address: t.field({ type: SellerAddressInput, required: true }),
    electronicAddress: t.field({ type: ElectronicAddressInput, description: 'BT-34; default scheme 0225 with the SIREN.' }),
    email: t.string({ description: 'BT-43' }),
    iban: t.string({ description: 'BT-84 (IBAN, checked).' }),
    bic: t.string({ description: 'BT-86 (BIC, checked).' }),
    billingFramework: t.string({ description: 'BT-23 default (BR-FR-08); default S1.' }),
    legalNotes: t.field({ type: LegalNotesInput }),
    vatRegime: t.string({
      description:
        'normal_monthly, normal_quarterly, simplified or franchise (DSE v3.2 § 3.7.7); required by createSeller, default normal_monthly for setSellerProfile.',
    }),
    vatOnDebits: t.boolean({ description: 'Option for paying VAT on debits (BT-8 = 3/5, Annexe 7 G1.43); default false.' }),
  }),
});

const SellerProfileSavedRef = builder.objectRef<{ profile: SellerProfile }>('SellerProfileSaved').implement({
  description: 'The profile was stored; `profile` is it as stored (defaults filled in).',
  fields: (t) => ({ profile: t.field({ type: SellerProfileRef, resolve: (r) => r.profile }) }),
});

builder.queryFields((t) => ({
  sellerProfile: t.field({
    type: SellerProfileRef,
    nullable: true,
    description: 'Your default seller (the one documents without sellerSiren use); null until you have a seller.',
    resolve: (_root, _args, ctx) => getSellerProfile(ctx.db, tenantOf(ctx).id),
  }),
}));

builder.mutationFields((t) => ({
  setSellerProfile: t.field({
    type: SellerProfileSavedRef,
    description:
      'Sets your default seller: the seller `input.siren` is created or replaced and becomes the default; ValidationFailed lists every refused value, with paths into `input`.',
    errors: resultErrors('SetSellerProfileResult', [ValidationFailed]),
    args: { input: t.arg({ type: SellerProfileInputRef, required: true }) },
    resolve: async (_root, { input }, ctx, info) => {
      const tenantId = tenantOf(ctx).id;
      const result = await setSellerProfile(ctx.db, tenantId, inputToWire(input) as SellerProfileInput);
      if (result.ok) return { profile: result.profile };
      throw new ValidationFailed(inputIssues(info, result.violations));
    },
  }),
}));
