/**
 * The GraphQL operations behind the REST endpoints. The facade adds no rule
 * of its own: each endpoint runs one of these through the gateway's schema.
 */
const STATUS = /* GraphQL */ `
  fragment StatusEntry on LifecycleStatus { code label final occurredAt reason reasonCode flags }
`;

const RECORD = /* GraphQL */ `
  fragment SubmissionRecord on Submission {
    id saasId number processingState originSubmissionId createdAt
    lifecycleStatus { ...StatusEntry }
    rejection { source errors { rule message path profilePath location } }
    validationWarnings { rule message location }
  }
  ${STATUS}
`;

function submitOperation(field: 'submitInvoice' | 'submitCreditNote', inputType: string): string {
  return /* GraphQL */ `
    mutation ($input: ${inputType}!, $idempotencyKey: String) {
      result: ${field}(input: $input, idempotencyKey: $idempotencyKey) {
        __typename
        ... on SubmissionAccepted {
          replayed
          submission { id saasId number processingState originSubmissionId createdAt }
        }
        ... on ValidationFailed { message issues { path rule message } }
        ... on DuplicateSubmission { message existing { id } }
        ... on IdempotencyConflict { message original { id } }
        ... on InvalidArguments { message issues { path message } }
      }
    }
  `;
}

const SELLER_PROFILE = /* GraphQL */ `
  fragment SellerProfileRecord on SellerProfile {
    name tradingName siren siret vatNumber
    address { line1 line2 postalCode city country }
    electronicAddress { scheme value }
    email iban bic billingFramework
    legalNotes { pmt pmd aab }
  }
`;

const DOCUMENT = /* GraphQL */ `
  fragment GeneratedDocument on Submission { number processingState document(syntax: $syntax) }
`;

export const OPERATIONS = {
  submitInvoice: submitOperation('submitInvoice', 'InvoiceInput'),
  submitCreditNote: submitOperation('submitCreditNote', 'CreditNoteInput'),
  invoice: `query ($id: ID!) { result: invoice(id: $id) { ...SubmissionRecord } } ${RECORD}`,
  invoiceStatuses: `query ($id: ID!) { result: invoice(id: $id) { statuses { ...StatusEntry } } } ${STATUS}`,
  creditNote: `query ($id: ID!) { result: creditNote(id: $id) { ...SubmissionRecord } } ${RECORD}`,
  creditNoteStatuses: `query ($id: ID!) { result: creditNote(id: $id) { statuses { ...StatusEntry } } } ${STATUS}`,
  invoiceDocument: `query ($id: ID!, $syntax: DocumentSyntax!) { result: invoice(id: $id) { ...GeneratedDocument } } ${DOCUMENT}`,
  creditNoteDocument: `query ($id: ID!, $syntax: DocumentSyntax!) { result: creditNote(id: $id) { ...GeneratedDocument } } ${DOCUMENT}`,
  sellerProfile: `query { result: sellerProfile { ...SellerProfileRecord } } ${SELLER_PROFILE}`,
  setSellerProfile: /* GraphQL */ `
    mutation ($input: SellerProfileInput!) {
      result: setSellerProfile(input: $input) {
        __typename
        ... on SellerProfileSaved { profile { ...SellerProfileRecord } }
        ... on ValidationFailed { message issues { path rule message } }
      }
    }
    ${SELLER_PROFILE}
  `,
  notifyFlowUpdated: /* GraphQL */ `
    mutation ($input: FlowUpdatedInput!) {
      result: notifyFlowUpdated(input: $input) {
        __typename
        ... on FlowUpdateReceived { flowId }
        ... on InvalidArguments { message issues { path message } }
      }
    }
  `,
} as const;

export type OperationName = keyof typeof OPERATIONS;
