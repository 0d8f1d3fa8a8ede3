/** The zod schemas the invoice and credit-note rules share (currency, taxes, lines), each refinement naming its rule id. */
import { z } from 'zod';
import { checkCurrency } from './code-lists.ts';
import { quote } from './findings.ts';
import { addFinding } from './zod-issues.ts';

/**
 * A document currency (BT-5), shared by invoices and credit notes:
 * `BR-CL-04` or `GW-CURRENCY-UNSUPPORTED` (spec § Limits "Currencies").
 */
export const currencySchema = z.string().superRefine((code, ctx) => {
  const finding = checkCurrency(code);
  if (finding !== undefined) addFinding(ctx, finding);
});

// z.number() refuses NaN and ±Infinity as a type error; accepting any number
// here lets the range rule report them as GW-TAX-RATE-RANGE, the rule the
// client can act on, rather than as a shape problem.
const anyNumber = z.custom<number>((value) => typeof value === 'number', { message: 'expected a number' });

/**
 * A tax on a line (spec § Tax). `percentage` must be finite and within
 * 0..100 inclusive (spec § Limits "Tax rate") → `GW-TAX-RATE-RANGE`.
 */
const taxSchema = z.object({
  percentage: anyNumber.superRefine((rate, ctx) => {
    if (!(Number.isFinite(rate) && rate >= 0 && rate <= 100)) {
      addFinding(ctx, { rule: 'GW-TAX-RATE-RANGE', message: `Tax rate ${quote(rate)} is outside 0 to 100 percent` });
    }
  }),
});

/**
 * A line's `taxes`: at most one (spec § Limits "Taxes per line"; EN 16931
 * gives a line a single VAT category, BT-151) → `GW-ONE-TAX-PER-LINE` on the
 * array. Every tax's percentage is still checked, since rate issues do not
 * abort the array-level check.
 */
const taxesSchema = z.array(taxSchema).superRefine((taxes, ctx) => {
  if (taxes.length > 1) {
    addFinding(ctx, {
      rule: 'GW-ONE-TAX-PER-LINE',
      message: `Line has ${taxes.length} taxes; at most one tax per line is accepted`,
    });
  }
});

/**
 * An invoice or credit note line (spec § Invoice line, § Credit note line):
 * only `taxes` carries rules; other fields, known or not, pass through.
 */
export const lineSchema = z.object({ taxes: taxesSchema });
