/** TaxInput: a tax on a line (spec § Tax), from the document shape. */
import { documentInput } from '../document-input.ts';

export const TaxInput = documentInput('Tax');
