/**
 * The flux 10 e-reporting model (model.ts) → the FRR XML of the DGFiP external specifications v3.2 (XSD
 * flux 10 v1.0, `artefacts/flux10-1.0/xsd/ereporting.xsd`): root `Report`, no namespace (the XSD's local
 * elements are unqualified), elements in the order the XSD's sequences require, dates AAAAMMJJ (G1.09),
 * the creation instant AAAAMMJJHHMMSS in Paris time (G7.53), amounts with two decimals (G1.14), prices
 * and quantities exact (G1.15, G1.16). One pass of string concatenation; pure.
 */
import { formatCents, formatRate, formatScaled } from '../../einvoice/decimal.ts';
import { leaf, node } from '../../einvoice/xml.ts';
import type {
  DailyPayments,
  InvoicePayment,
  InvoiceReport,
  PaymentSubtotal,
  ReportDocument,
  ReportedParty,
  Report,
  TransactionsEntry,
} from './model.ts';

/** TT-29, the e-reporting profile (Annexe 7 S1.12). */
export const EREPORTING_PROFILE = 'urn.cpro.gouv.fr:1p0:ereporting';

const PARIS_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `YYYY-MM-DD` → `YYYYMMDD`; undefined stays undefined. */
export function compactDate(date: string): string;
export function compactDate(date: string | undefined): string | undefined;
export function compactDate(date: string | undefined): string | undefined {
  return date?.replaceAll('-', '');
}

/** An RFC 3339 instant as Paris wall-clock time, `YYYYMMDDHHMMSS` (TT-3, G7.53). */
export function parisTimestamp(instant: string): string {
  const parts = Object.fromEntries(PARIS_CLOCK.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return `${parts['year']}${parts['month']}${parts['day']}${parts['hour']}${parts['minute']}${parts['second']}`;
}

function header(d: ReportDocument): string {
  return node(
    'ReportDocument',
    leaf('Id', d.id),
    leaf('Name', d.name),
    node('IssueDateTime', leaf('DateTimeString', parisTimestamp(d.issuedAt))),
    leaf('TypeCode', d.type),
    node('Sender', leaf('Id', d.sender.id, { schemeId: '0238' }), leaf('Name', d.sender.name), leaf('RoleCode', 'WK')),
    node('Issuer', leaf('Id', d.issuer.siren, { schemeId: '0002' }), leaf('Name', d.issuer.name), leaf('RoleCode', d.issuer.role)),
  );
}

function period(p: { start?: string | undefined; end?: string | undefined } | undefined): string {
  return p ? node('InvoicePeriod', leaf('StartDate', compactDate(p.start)), leaf('EndDate', compactDate(p.end))) : '';
}

function party(name: 'Seller' | 'Buyer', p: ReportedParty): string {
  return node(
    name,
    p.companyId ? leaf('CompanyId', p.companyId.value, { schemeId: p.companyId.scheme }) : '',
    leaf('TaxRegistrationId', p.vatId, { qualifyingId: 'VAT' }),
    node('PostalAddress', leaf('CountryId', p.country)),
  );
}

function invoice(i: InvoiceReport): string {
  return node(
    'Invoice',
    leaf('ID', i.id),
    leaf('IssueDate', compactDate(i.issueDate)),
    leaf('TypeCode', i.typeCode),
    leaf('CurrencyCode', i.currency),
    leaf('DueDate', compactDate(i.dueDate)),
    leaf('TaxDueDateTypeCode', i.taxDueDateTypeCode),
    ...i.notes.map((n) => node('IncludedNote', leaf('Subject', n.subject), leaf('Content', n.content))),
    node('BusinessProcess', leaf('ID', i.businessProcess), leaf('TypeID', EREPORTING_PROFILE)),
    ...i.referencedDocuments.map((r) => node('ReferencedDocument', leaf('ID', r.id), leaf('IssueDate', compactDate(r.issueDate)))),
    party('Seller', i.seller),
    party('Buyer', i.buyer),
    i.deliveryCountry ? node('Delivery', node('Location', leaf('CountryId', i.deliveryCountry))) : '',
    period(i.period),
    ...i.allowanceCharges.map(
      (ac) =>
        `<AllowanceCharge ChargeIndicator="${ac.charge}">${leaf('Amount', formatCents(ac.amount))}${leaf('TaxCategoryCode', ac.categoryCode)}${
          ac.percent === undefined ? '' : leaf('TaxPercent', formatRate(ac.percent))
        }</AllowanceCharge>`,
    ),
    node(
      'MonetaryTotal',
      leaf('TaxExclusiveAmount', formatCents(i.taxExclusiveAmount)),
      leaf('TaxAmount', formatCents(i.taxAmountEur), { CurrencyCode: 'EUR' }),
    ),
    ...i.taxSubtotals.map((t) =>
      node(
        'TaxSubTotal',
        leaf('TaxableAmount', formatCents(t.taxableAmount)),
        leaf('TaxAmount', formatCents(t.taxAmount)),
        node(
          'TaxCategory',
          leaf('Code', t.categoryCode),
          leaf('Percent', formatRate(t.percent)),
          leaf('TaxExemptionReason', t.exemptionReason),
          leaf('TaxExemptionReasonCode', t.exemptionReasonCode),
        ),
      ),
    ),
    ...i.lines.map((l) =>
      node(
        'Line',
        leaf('BilledQuantity', formatScaled(l.quantity), { UnitCode: l.unitCode }),
        period(l.period),
        node('Price', leaf('PriceAmount', formatScaled(l.price))),
        node('Product', leaf('Name', l.name)),
      ),
    ),
  );
}

function transactions(t: TransactionsEntry): string {
  return node(
    'Transactions',
    leaf('Date', compactDate(t.date)),
    leaf('TransactionsCurrency', t.currency),
    leaf('TaxDueDateTypeCode', t.taxDueDateTypeCode),
    leaf('CategoryCode', t.category),
    leaf('TaxExclusiveAmount', formatCents(t.taxExclusiveAmount)),
    leaf('TaxTotal', formatCents(t.taxTotalEur)),
    leaf('TransactionsCount', String(t.count)),
    ...t.subtotals.map((s) =>
      node(
        'TaxSubtotal',
        leaf('TaxPercent', formatRate(s.percent)),
        leaf('TaxableAmount', formatCents(s.taxableAmount)),
        leaf('TaxTotal', formatCents(s.taxTotal)),
      ),
    ),
  );
}

function cashed(date: string, subtotals: readonly PaymentSubtotal[]): string {
  return node(
    'Payment',
    leaf('Date', compactDate(date)),
    ...subtotals.map((s) =>
      node(
        'SubTotals',
        leaf('TaxPercent', formatRate(s.percent)),
        leaf('CurrencyCode', s.currency),
        leaf('Amount', formatScaled(s.amount)),
      ),
    ),
  );
}

const invoicePayment = (p: InvoicePayment) =>
  node('Invoice', leaf('InvoiceID', p.invoiceId), leaf('IssueDate', compactDate(p.invoiceIssueDate)), cashed(p.date, p.subtotals));
const dailyPayment = (p: DailyPayments) => node('Transactions', cashed(p.date, p.subtotals));

function reportPeriod(p: { start: string; end: string }): string {
  return node('ReportPeriod', leaf('StartDate', compactDate(p.start)), leaf('EndDate', compactDate(p.end)));
}

/** The FRR XML of a report, with its XML declaration. Pure: the same report gives the same bytes. */
export function writeReport(report: Report): string {
  const body =
    report.kind === 'transactions'
      ? node(
          'TransactionsReport',
          reportPeriod(report.transactions.period),
          ...report.transactions.invoices.map(invoice),
          ...report.transactions.transactions.map(transactions),
        )
      : node(
          'PaymentsReport',
          reportPeriod(report.payments.period),
          ...report.payments.invoices.map(invoicePayment),
          ...report.payments.transactions.map(dailyPayment),
        );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Report>${header(report.document)}${body}</Report>\n`;
}
