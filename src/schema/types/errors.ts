/**
 * Expected failures as data (errors plugin result unions). Every error type
 * implements the `Error` interface. Resolvers THROW these classes (Pothos'
 * typings allow only that, see docs/stack-notes.md; `InvalidArguments` is
 * thrown by the validation plugin for an argument that breaks a constraint of
 * its type), and the errors plugin turns each one a field lists in its
 * `errors.types` into a member of that field's result union: a client sees
 * data, never a GraphQL error. An error a field does not list stays a GraphQL error.
 */
import { InputValidationError } from '@pothos/plugin-validation';
import { toJsonPointer } from '../../domain/json-pointer.ts';
import type { SubmissionRow } from '../../domain/submissions/read/index.ts';
import { builder } from '../builder.ts';
import { SubmissionRef } from './submission.ts';

/** The `Error` interface: the `message` every expected failure carries. */
export const ErrorInterface = builder.interfaceRef<Error>('Error').implement({
  description: 'Common shape of every expected failure.',
  fields: (t) => ({ message: t.exposeString('message') }),
});

/** One rule violation; `path` is a JSON pointer into the field's arguments in GraphQL names, e.g. `/input/lines/3/taxes/0/percentage`. */
export interface ValidationIssue {
  path: string;
  rule: string;
  message: string;
  /** When the seller's profile decides the rule too: a JSON pointer into the seller (e.g. `/vatNumber`). */
  profilePath?: string;
}

/**
 * An input breaks the gateway's rules (REST 422): every violated rule at once. Thrown for a
 * submitted document (the 422 rules), a seller profile, a lifecycle status and a webhook endpoint.
 */
export class ValidationFailed extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(`The document breaks ${issues.length} rule${issues.length === 1 ? '' : 's'}`);
  }
}

/**
 * The document names no seller and the tenant has none yet (REST 422 seller-missing): create one first
 * (`createSeller`, `setSellerProfile`). Nothing was stored and the idempotency key stays free.
 */
export class SellerMissing extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super('This tenant has no seller yet: create one (createSeller or setSellerProfile), or name it in sellerSiren');
  }
}

/** The number or SaaS id was already submitted for this document type (REST 409 duplicate-submission). */
export class DuplicateSubmission extends Error {
  constructor(readonly existing: SubmissionRow) {
    const kind = existing.documentType === 'invoice' ? 'An invoice' : 'A credit note';
    super(`${kind} with this number or id was already submitted (submission ${existing.id})`);
  }
}

/** No such resource for this tenant (REST 404); another tenant's id answers the same. */
export class NotFound extends Error {
  constructor(kind: string, id: string) {
    super(`No ${kind} with id "${id.slice(0, 80)}"`);
  }
}

/** The idempotency key was already used with a different document (REST 409 idempotency-conflict). */
export class IdempotencyConflict extends Error {
  constructor(readonly existing: SubmissionRow | undefined) {
    super(
      existing
        ? `This idempotency key was already used with a different document (submission ${existing.id})`
        : 'This idempotency key was already used with a different document',
    );
  }
}

const ValidationIssueRef = builder.objectRef<ValidationIssue>('ValidationIssue').implement({
  fields: (t) => ({
    path: t.exposeString('path', { description: 'JSON pointer (RFC 6901) into the field arguments.' }),
    rule: t.exposeString('rule', { description: 'Stable rule id, EN 16931 where one fits (e.g. BR-CL-04).' }),
    message: t.exposeString('message'),
    profilePath: t.exposeString('profilePath', {
      nullable: true,
      description: "When the seller's profile decides the rule too: a JSON pointer into the seller (e.g. `/vatNumber`).",
    }),
  }),
});

builder.objectType(SellerMissing, {
  name: 'SellerMissing',
  description: 'The document names no seller and the tenant has none yet; nothing was stored and the idempotency key stays free.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ issues: t.field({ type: [ValidationIssueRef], resolve: (error) => error.issues }) }),
});

builder.objectType(ValidationFailed, {
  name: 'ValidationFailed',
  description: 'The document breaks conversion rules; nothing was stored and the idempotency key stays free.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ issues: t.field({ type: [ValidationIssueRef], resolve: (error) => error.issues }) }),
});

builder.objectType(DuplicateSubmission, {
  name: 'DuplicateSubmission',
  interfaces: [ErrorInterface],
  fields: (t) => ({ existing: t.field({ type: SubmissionRef, resolve: (error) => error.existing }) }),
});

builder.objectType(NotFound, {
  name: 'NotFound',
  interfaces: [ErrorInterface],
  fields: () => ({}),
});

builder.objectType(IdempotencyConflict, {
  name: 'IdempotencyConflict',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    original: t.field({
      type: SubmissionRef,
      nullable: true,
      description: 'The submission the key was first used for (null only if it is no longer visible).',
      resolve: (error) => error.existing ?? null,
    }),
  }),
});

const ArgumentIssueRef = builder.objectRef<InputValidationError['issues'][number]>('ArgumentIssue').implement({
  fields: (t) => ({
    path: t.string({
      description: 'JSON pointer (RFC 6901) into the field arguments, e.g. `/input/number`.',
      resolve: (issue) => toJsonPointer((issue.path ?? []).map((p) => (typeof p === 'object' ? String(p.key) : String(p)))),
    }),
    message: t.exposeString('message'),
  }),
});

builder.objectType(InputValidationError, {
  name: 'InvalidArguments',
  description: 'An argument breaks a constraint of its type (REST 400), e.g. an empty number.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ issues: t.field({ type: [ArgumentIssueRef], resolve: (error) => error.issues }) }),
});
