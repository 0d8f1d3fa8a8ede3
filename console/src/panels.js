// The panels of the submission page, in order. Each declares the Submission
// fields it needs (added to the page's one query) and a component that
// receives `{ submission, api, t, lang }`. A later panel (payments, the
// e-report covering the document) is one more entry here and one file.
// `polled`: the panel's fields change without any event a subscription
// carries (a payment recorded, a 212's acknowledgement), so the page re-reads
// them while it is open (src/pages/submission.js).
import { DocumentsPanel } from './components/documents-panel.js';
import { EReportPanel, E_REPORT_FIELDS } from './components/e-report-panel.js';
import { FindingsPanel } from './components/findings-panel.js';
import { PaymentsPanel } from './components/payments-panel.js';
import { SummaryPanel } from './components/summary-panel.js';
import { TimelinePanel } from './components/timeline-panel.js';

export const SUBMISSION_PANELS = [
  {
    id: 'summary',
    fields:
      'saasId sellerSiren documentType issueDate dueDate total totalExclTax taxTotal currency processingRule updatedAt createdAt buyer { name siren vatId }',
    Component: SummaryPanel,
  },
  {
    id: 'findings',
    fields: 'rejection { source errors { rule message path profilePath location } } validationWarnings { rule message location }',
    Component: FindingsPanel,
  },
  {
    id: 'timeline',
    fields: 'processingSteps { processingState at source } statuses { code label final occurredAt reason reasonCode platformLabel flags }',
    Component: TimelinePanel,
  },
  {
    id: 'payments',
    fields:
      'payments { id paidAt amount currency method parts { percentage amount } reporting { channel state reason message eReportId errors { rule message location } } trackingId createdAt }',
    Component: PaymentsPanel,
    polled: true,
  },
  { id: 'eReport', fields: `eReport { ${E_REPORT_FIELDS} }`, Component: EReportPanel, polled: true },
  { id: 'documents', fields: 'processingState', Component: DocumentsPanel },
];
