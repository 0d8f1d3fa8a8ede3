/**
 * The GraphQL operations behind the REST endpoints. The facade adds no rule
 * of its own: each endpoint runs one of these through the gateway's schema.
 * Each is a typed document (src/graphql/tada.ts): the handler's variables and
 * the `result` it reads are inferred from `schema.graphql`.
 */
import { graphql } from '../src/graphql/tada.ts';

/** A lifecycle status entry's fields (`statusEntry` in records.ts reads them). */
export const STATUS = graphql(`
  fragment StatusEntry on LifecycleStatus { code label final occurredAt reason reasonCode flags source }
`);

/** An e-report's fields (`eReportRecord` in handlers/e-reports.ts reads them). */
export const E_REPORT = graphql(`
  fragment EReportRecord on EReport {
    id sellerSiren kind period periodStart periodEnd deadline portalDeadline type state sequence transmissionId closeAt
    createdAt closedAt sentAt flowId
    totals {
      invoiceCount entryCount
      categories { category currency count taxExclusiveAmount taxAmountEur rates { percent taxableAmount taxAmount } }
      payments { percent currency taxableAmount }
    }
    findings { code rule term message document until }
    checkErrors { rule message location }
    statuses { code label reasonCode reason occurredAt }
  }
`);

/** A submission record's fields (`submissionRecord` in records.ts reads them). */
export const RECORD = graphql(
  `
  fragment SubmissionRecord on Submission {
    id saasId number sellerSiren processingState waitingFor processingRule processingRuleReason originSubmissionId createdAt
    lifecycleStatus { ...StatusEntry }
    rejection { source errors { rule message path profilePath location } }
    validationWarnings { rule message location }
    eReport { id }
  }
`,
  [STATUS],
);

// The members of both submit results (SubmitInvoiceResult, SubmitCreditNoteResult), spread by each mutation.
const SUBMIT_OUTCOME = graphql(`
  fragment SubmitAccepted on SubmissionAccepted {
    replayed
    submission { id saasId number sellerSiren processingState waitingFor originSubmissionId createdAt }
  }
`);
// A refusal's violations come back on the operation's root (`OperationRoot.violations`), in wire names: no issues selected.
const SUBMIT_REFUSED = graphql(`fragment SubmitRefused on ValidationFailed { message }`);
const SUBMIT_SELLER_MISSING = graphql(`fragment SubmitSellerMissing on SellerMissing { message }`);
const SUBMIT_DUPLICATE = graphql(`fragment SubmitDuplicate on DuplicateSubmission { message existing { id } }`);
const SUBMIT_CONFLICT = graphql(`fragment SubmitConflict on IdempotencyConflict { message original { id } }`);
const SUBMIT_INVALID = graphql(`fragment SubmitInvalid on InvalidArguments { message issues { path message } }`);
const SUBMIT_MEMBERS = [SUBMIT_OUTCOME, SUBMIT_REFUSED, SUBMIT_SELLER_MISSING, SUBMIT_DUPLICATE, SUBMIT_CONFLICT, SUBMIT_INVALID];

const SELLER_PROFILE = graphql(`
  fragment SellerProfileRecord on SellerProfile {
    name tradingName siren siret vatNumber
    address { line1 line2 postalCode city country }
    electronicAddress { scheme value }
    email iban bic billingFramework
    legalNotes { pmt pmd aab }
    vatRegime vatOnDebits
  }
`);

const SELLER = graphql(
  `
  fragment SellerRecord on Seller { isDefault createdAt updatedAt profile { ...SellerProfileRecord } }
`,
  [SELLER_PROFILE],
);

/** A payment's fields (`paymentRecord` in handlers/payments.ts reads them). */
const PAYMENT = graphql(`
  fragment PaymentRecord on Payment {
    id paidAt amount currency method createdAt
    parts { percentage amount }
    reporting { channel state reason message eReportId errors { rule message location } }
  }
`);

const DOCUMENT = graphql(`
  fragment GeneratedDocument on Submission { number processingState document(syntax: $syntax) }
`);

export const OPERATIONS = {
  submitInvoice: graphql(
    `
    mutation SubmitInvoice($input: InvoiceInput!, $idempotencyKey: String) {
      result: submitInvoice(input: $input, idempotencyKey: $idempotencyKey) {
        __typename ...SubmitAccepted ...SubmitRefused ...SubmitSellerMissing ...SubmitDuplicate ...SubmitConflict ...SubmitInvalid
      }
    }
  `,
    SUBMIT_MEMBERS,
  ),
  submitCreditNote: graphql(
    `
    mutation SubmitCreditNote($input: CreditNoteInput!, $idempotencyKey: String) {
      result: submitCreditNote(input: $input, idempotencyKey: $idempotencyKey) {
        __typename ...SubmitAccepted ...SubmitRefused ...SubmitSellerMissing ...SubmitDuplicate ...SubmitConflict ...SubmitInvalid
      }
    }
  `,
    SUBMIT_MEMBERS,
  ),
  invoice: graphql(`query Invoice($id: ID!) { result: invoice(id: $id) { ...SubmissionRecord } }`, [RECORD]),
  listSubmissions: graphql(
    `
    query ListSubmissions($filter: SubmissionFilter!, $first: Int, $after: String) {
      result: submissions(filter: $filter, first: $first, after: $after) {
        edges { node { ...SubmissionRecord } }
        pageInfo { hasNextPage endCursor }
      }
    }
  `,
    [RECORD],
  ),
  invoiceStatuses: graphql(`query InvoiceStatuses($id: ID!) { result: invoice(id: $id) { statuses { ...StatusEntry } } }`, [STATUS]),
  creditNote: graphql(`query CreditNote($id: ID!) { result: creditNote(id: $id) { ...SubmissionRecord } }`, [RECORD]),
  creditNoteStatuses: graphql(`query CreditNoteStatuses($id: ID!) { result: creditNote(id: $id) { statuses { ...StatusEntry } } }`, [
    STATUS,
  ]),
  invoiceDocument: graphql(
    `query InvoiceDocument($id: ID!, $syntax: DocumentSyntax!) { result: invoice(id: $id) { ...GeneratedDocument } }`,
    [DOCUMENT],
  ),
  creditNoteDocument: graphql(
    `query CreditNoteDocument($id: ID!, $syntax: DocumentSyntax!) { result: creditNote(id: $id) { ...GeneratedDocument } }`,
    [DOCUMENT],
  ),
  sellerProfile: graphql(`query SellerProfile { result: sellerProfile { ...SellerProfileRecord } }`, [SELLER_PROFILE]),
  setSellerProfile: graphql(
    `
    mutation SetSellerProfile($input: SellerProfileInput!) {
      result: setSellerProfile(input: $input) {
        __typename
        ... on SellerProfileSaved { profile { ...SellerProfileRecord } }
        ... on ValidationFailed { message }
      }
    }
  `,
    [SELLER_PROFILE],
  ),
  sellers: graphql(
    `
    query Sellers($first: Int, $after: String) {
      result: sellers(first: $first, after: $after) { edges { node { ...SellerRecord } } pageInfo { hasNextPage endCursor } }
    }
  `,
    [SELLER],
  ),
  seller: graphql(`query Seller($siren: String!) { result: seller(siren: $siren) { ...SellerRecord } }`, [SELLER]),
  createSeller: graphql(
    `
    mutation CreateSeller($input: SellerProfileInput!) {
      result: createSeller(input: $input) {
        __typename
        ... on SellerSaved { seller { ...SellerRecord } warnings { code message } }
        ... on SellerExists { message }
        ... on ValidationFailed { message }
      }
    }
  `,
    [SELLER],
  ),
  updateSeller: graphql(
    `
    mutation UpdateSeller($siren: String!, $input: SellerProfileInput!) {
      result: updateSeller(siren: $siren, input: $input) {
        __typename
        ... on SellerSaved { seller { ...SellerRecord } }
        ... on NotFound { message }
        ... on ValidationFailed { message }
      }
    }
  `,
    [SELLER],
  ),
  recordLifecycleStatus: graphql(`
    mutation RecordLifecycleStatus($input: LifecycleEventInput!) {
      result: recordLifecycleStatus(input: $input) {
        __typename
        ... on LifecycleStatusRecorded {
          duplicate
          status { code label final occurredAt reason reasonCode flags source }
          submission { id }
        }
        ... on ValidationFailed { message }
      }
    }
  `),
  recordPayment: graphql(
    `
    mutation RecordPayment($submissionId: ID!, $input: PaymentInput!) {
      result: recordPayment(submissionId: $submissionId, input: $input) {
        __typename
        ... on PaymentRecorded { replayed payment { ...PaymentRecord } }
        ... on PaymentConflict { message original { id } }
        ... on NotFound { message }
        ... on ValidationFailed { message }
      }
    }
  `,
    [PAYMENT],
  ),
  invoicePayments: graphql(`query InvoicePayments($id: ID!) { result: invoice(id: $id) { payments { ...PaymentRecord } } }`, [PAYMENT]),
  notifyFlowUpdated: graphql(`
    mutation NotifyFlowUpdated($input: FlowUpdatedInput!) {
      result: notifyFlowUpdated(input: $input) {
        __typename
        ... on FlowUpdateReceived { flowId }
        ... on InvalidArguments { message issues { path message } }
      }
    }
  `),
  directoryEntry: graphql(`
    query DirectoryEntry($siren: String!) {
      result: directoryEntry(siren: $siren) {
        __typename
        ... on DirectoryEntry { siren registered checkedAt lines { addressingIdentifier siret routingCode suffix platform status } }
        ... on DirectoryUnavailable { message configured }
        ... on InvalidArguments { message issues { path message } }
      }
    }
  `),
  eReports: graphql(
    `
    query EReports($first: Int, $after: String, $sellerSiren: String, $period: String, $kind: String, $state: String) {
      result: eReports(first: $first, after: $after, sellerSiren: $sellerSiren, period: $period, kind: $kind, state: $state) {
        edges { node { ...EReportRecord } } pageInfo { hasNextPage endCursor }
      }
    }
  `,
    [E_REPORT],
  ),
  eReport: graphql(`query EReport($id: ID!) { result: eReport(id: $id) { ...EReportRecord submissionIds paymentIds } }`, [E_REPORT]),
  eReportDocument: graphql(`query EReportDocument($id: ID!) { result: eReport(id: $id) { id state document } }`),
  closeEReport: graphql(
    `
    mutation CloseEReport($sellerSiren: String!, $period: String!, $kind: String!) {
      result: closeEReport(sellerSiren: $sellerSiren, period: $period, kind: $kind) {
        __typename
        ... on EReportClosed { report { ...EReportRecord submissionIds paymentIds } }
        ... on ValidationFailed { message issues { path rule message } }
        ... on NotFound { message }
      }
    }
  `,
    [E_REPORT],
  ),
} as const;
