/** CustomerSnapshotInput and its address and tax id (spec § customer_snapshot); the Buyer, EN 16931 BG-7. */
import { builder } from '../builder.ts';

export const AddressInput = builder.inputType('AddressInput', {
  fields: (t) => ({
    line1: t.string(),
    postalCode: t.string(),
    city: t.string(),
    country: t.string({ required: true, description: 'ISO 3166-1 alpha-2 (BT-55).' }),
  }),
});

export const TaxIdInput = builder.inputType('TaxIdInput', {
  fields: (t) => ({
    type: t.string({ required: true, description: 'eu_vat, siren, siret (checked); any other type is kept unchecked.' }),
    value: t.string({ required: true }),
  }),
});

export const CustomerSnapshotInput = builder.inputType('CustomerSnapshotInput', {
  fields: (t) => ({
    id: t.string(),
    type: t.string(),
    name: t.string({ required: true, description: 'BT-44 Buyer name.' }),
    email: t.string(),
    billingAddress: t.field({ type: AddressInput, required: true }),
    taxIds: t.field({ type: [TaxIdInput] }),
  }),
});
