/** CustomerSnapshotInput and its address and tax id (spec § customer_snapshot); the Buyer, EN 16931 BG-7. From the document shape. */
import { documentInput } from '../document-input.ts';

export const AddressInput = documentInput('Address');

export const TaxIdInput = documentInput('TaxId');

export const CustomerSnapshotInput = documentInput('CustomerSnapshot', { Address: AddressInput, TaxId: TaxIdInput });
