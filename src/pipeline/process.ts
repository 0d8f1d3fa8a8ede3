/**
 * One submission through the pipeline: map the SaaS body and the seller
 * profile to EN 16931, write UBL 2.1 and CII D22B, validate the UBL with the
 * official artefacts (XSD, EN 16931, BR-FR), and decide: no fatal finding →
 * `validated`, any → `rejected` with each rule, message, body or profile
 * pointer and XPath. Warnings are kept, never reject. Pure but for the
 * validator call; throws only on the unexpected (a crashed worker), which the
 * worker treats as transient.
 */
import { toJsonPointer } from '../domain/json-pointer.ts';
import { writeCii } from '../einvoice/cii.ts';
import { buyerSirenToCheck, type Classification, classify } from '../einvoice/classification.ts';
import type { BodyDocument } from '../einvoice/derive.ts';
import { deriveStored, precedingOf } from '../einvoice/stored.ts';
import type { DirectoryLookup } from '../model/directory.ts';
import { toEInvoice } from '../einvoice/map.ts';
import { writeUbl } from '../einvoice/ubl.ts';
import type { Validator } from '../validation/index.ts';
import { locate } from './locate.ts';
import type { PipelineInput } from './claim.ts';
import type { GeneratedDocuments, Rejection } from '../domain/submissions/read/index.ts';
import { periodOf, type ReportingPeriod } from '../domain/e-reporting/periods.ts';

/** The decision for one submission. */
export type Outcome =
  | { state: 'validated'; documents: GeneratedDocuments; reporting?: ReportingPeriod | undefined }
  | { state: 'rejected'; documents: GeneratedDocuments | undefined; rejection: Rejection };

/** Runs the official artefacts, or not (`VALIDATION=native`: the gateway's own rules only). */
export type Check = Validator | undefined;

/**
 * Processes one claimed submission (see the module comment). `directory` classifies a French company buyer.
 * @throws when the directory cannot be asked now (`unavailable`): a transient failure, retried with backoff.
 */
export async function processSubmission(input: PipelineInput, validator: Check, directory?: DirectoryLookup): Promise<Outcome> {
  const { submission, profile } = input;
  const derived = deriveStored({ documentType: submission.documentType, body: input.body, originBody: input.originBody }, profile);
  if (!derived.document) {
    return {
      state: 'rejected',
      documents: undefined,
      rejection: {
        source: 'validation',
        errors: derived.violations.map((v) => ({
          rule: v.rule,
          message: v.message,
          path: toJsonPointer(v.path),
          ...(v.profilePath && { profile_path: toJsonPointer(v.profilePath) }),
        })),
      },
    };
  }
  const preceding = precedingOf(submission);
  const classification = await classifyWith(directory, derived.document);
  const classified = {
    ...derived.document,
    processingRule: classification.processingRule,
    buyer: classification.buyerEndpoint ? { ...derived.document.buyer, endpoint: classification.buyerEndpoint } : derived.document.buyer,
  };
  const einvoice = toEInvoice(classified, profile, preceding);
  const ubl = writeUbl(einvoice);
  const cii = writeCii(einvoice);
  const generated = {
    ubl,
    cii,
    processingRule: einvoice.processingRule,
    processingRuleReason: classification.reason,
    sellerSiren: einvoice.seller.legalId?.value ?? null,
  };
  // B2C and international B2B documents are e-reported (flux 10): the transactions period of their issue date.
  const reporting =
    einvoice.processingRule === 'B2C' || einvoice.processingRule === 'B2BInt'
      ? periodOf(profile.vat_regime, 'transactions', einvoice.issueDate)
      : undefined;
  if (!validator) return { state: 'validated', documents: { ...generated, warnings: [] }, reporting };
  const report = await validator.validate('ubl', ubl);
  const warnings = report.warnings.map((f) => ({ rule: f.rule, message: f.message, location: f.location }));
  const documents = { ...generated, warnings };
  if (report.fatal.length === 0) return { state: 'validated', documents, reporting };
  const bodyFramework = derived.document.billingFramework !== undefined;
  return {
    state: 'rejected',
    documents,
    rejection: {
      source: 'validation',
      errors: report.fatal.map((f) => ({
        rule: f.rule,
        message: f.message,
        ...locate(f.rule, f.location, bodyFramework),
        location: f.location,
      })),
    },
  };
}

/** The classification of `document`, asking the directory about a French company buyer. */
async function classifyWith(directory: DirectoryLookup | undefined, document: BodyDocument): Promise<Classification> {
  const siren = buyerSirenToCheck(document);
  if (siren === undefined || !directory) return classify(document, undefined);
  const answer = await directory(siren);
  if (answer.kind === 'unavailable') throw new Error(`directory unavailable: ${answer.reason}`);
  return classify(document, answer);
}
