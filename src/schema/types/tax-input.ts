/** TaxInput: a tax on a line (spec § Tax). */
import { builder } from '../builder.ts';

export const TaxInput = builder.inputType('TaxInput', {
  fields: (t) => ({
    name: t.string(),
    percentage: t.float({ required: true, description: 'Rate in percent, 0 to 100.' }),
    inclusive: t.boolean({ description: 'True if the price includes the tax.' }),
    amount: t.field({ type: 'SafeInt', required: true, description: 'Tax amount, minor units.' }),
  }),
});
