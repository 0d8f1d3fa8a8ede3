/**
 * Argument constraints checked by the validation plugin before a resolver
 * runs. A failure is an `InvalidArguments` result (REST 400): the request is
 * malformed, as opposed to a document that breaks a conversion rule (422).
 */
import { z } from 'zod';
import { isStorableText, UNSTORABLE_TEXT } from '../domain/text.ts';

/**
 * Identifiers that key a unique index (document id, number, invoice_id): not
 * blank, at most 255 characters, so a PostgreSQL index entry always fits, and
 * storable unchanged (`isStorableText`).
 */
export const identifier = z
  .string()
  .max(255, 'must be at most 255 characters')
  .refine((value) => value.trim().length > 0, 'must not be empty or blank')
  .refine(isStorableText, UNSTORABLE_TEXT);

/** Idempotency-Key: 1 to 255 printable ASCII characters (what an HTTP header can carry unchanged). */
export const idempotencyKey = z.string().regex(/^[\x20-\x7e]{1,255}$/, 'must be 1 to 255 printable ASCII characters');

/**
 * One schema over all arguments of a submit mutation, so every broken
 * constraint is reported at once (the validation plugin stops at the first
 * failing stage when fields and arguments carry separate schemas).
 * `identifierFields` are the GraphQL names of the input's identifier fields.
 */
export function submitArguments(identifierFields: readonly string[]) {
  // A refinement over the arguments as they are: the plugin passes a schema's output on to the
  // resolver, and an object schema would copy the whole invoice input on every call.
  return z.any().superRefine((args: { input: Record<string, unknown>; idempotencyKey?: unknown }, ctx) => {
    const check = (schema: z.ZodType, value: unknown, path: Array<string | number>) => {
      const result = schema.safeParse(value);
      if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path });
    };
    for (const field of identifierFields) check(identifier, args.input[field], ['input', field]);
    if (args.idempotencyKey != null) check(idempotencyKey, args.idempotencyKey, ['idempotencyKey']);
  });
}
