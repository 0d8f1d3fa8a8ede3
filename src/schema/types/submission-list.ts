/**
 * The queries that find submissions other than by id: `submissions` (filters,
 * orders, keyset cursors, `totalCount`) and `submissionByNumber`. The REST
 * lists (`GET /v1/invoices?number=`) run `submissions`.
 */
import { resolveCursorConnection, type ResolveCursorConnectionArgs } from '@pothos/plugin-relay';
import {
  countSubmissions,
  cursorOf,
  EXACT_COUNT_LIMIT,
  pageSubmissions,
  positionOf,
  type Position,
  type SubmissionCount,
  type SubmissionFilter,
  type SubmissionOrder,
} from '../../domain/submissions/read/index.ts';
import type { Context } from '../../app/context.ts';
import { tenantOf } from '../auth.ts';
import { badCursor, badInput } from '../bad-input.ts';
import { builder } from '../builder.ts';
import { DocumentTypeEnum, ProcessingStateEnum } from './enums.ts';
import { readFilter, readOrder, sirenArgument, SubmissionFilterInput, SubmissionOrderInput } from './submission-filter.ts';
import { SubmissionRef } from './submission.ts';

/** A page of the list, and its count computed once if asked for (`totalCount`, `totalCountExact`). */
type Counted = { count: () => Promise<SubmissionCount> };

function counter(ctx: Context, filter: SubmissionFilter): Counted['count'] {
  let counted: Promise<SubmissionCount> | undefined;
  return () => (counted ??= countSubmissions(ctx.db, tenantOf(ctx).id, filter));
}

function position(order: SubmissionOrder, cursor: string | null | undefined, name: 'after' | 'before'): Position | undefined {
  if (cursor == null) return undefined;
  const found = positionOf(order.field, cursor);
  // A cursor of another order (or none at all) is the client's mistake, never a silent first page.
  if (!found) throw badCursor(name, "pass a cursor from a previous page of the same order (an edge's cursor or pageInfo.endCursor)");
  return found;
}

builder.queryFields((t) => ({
  submissions: t.connection(
    {
      type: SubmissionRef,
      description:
        "The caller's submissions matching `filter`, in `orderBy` order (newest first by default), at most 100 per page. " +
        '`documentType`, `processingState` and `sellerSiren` are the older spelling of the same filters.',
      args: {
        filter: t.arg({ type: SubmissionFilterInput }),
        orderBy: t.arg({ type: SubmissionOrderInput }),
        documentType: t.arg({ type: DocumentTypeEnum }),
        processingState: t.arg({ type: ProcessingStateEnum }),
        sellerSiren: t.arg.string({
          description: "Only the documents of this seller (a SIREN of the caller's sellers); `filter.sellerSiren` too.",
        }),
      },
      resolve: async (_root, args, ctx) => {
        const filter = readFilter(args.filter, { documentType: args.documentType, processingState: args.processingState });
        filter.sellerSiren ??= sirenArgument(args.sellerSiren, 'sellerSiren');
        const order = readOrder(args.orderBy);
        const after = position(order, args.after, 'after');
        const before = position(order, args.before, 'before');
        const connection = await resolveCursorConnection(
          { args, toCursor: (s) => cursorOf(order.field, s), defaultSize: 20, maxSize: 100 },
          ({ limit, inverted }: ResolveCursorConnectionArgs) =>
            pageSubmissions(ctx.db, tenantOf(ctx).id, filter, order, { after, before, reversed: inverted, limit }),
        );
        return Object.assign(connection, { count: counter(ctx, filter) });
      },
    },
    {
      name: 'SubmissionConnection',
      fields: (c) => ({
        totalCount: c.int({
          description:
            `How many submissions the filter keeps: exact up to ${EXACT_COUNT_LIMIT.toLocaleString('en')}, ` +
            "an estimate above (the database planner's), as `totalCountExact` says.",
          resolve: async (connection) => (await (connection as unknown as Counted).count()).count,
        }),
        totalCountExact: c.boolean({
          description: `True when \`totalCount\` is exact (at most ${EXACT_COUNT_LIMIT.toLocaleString('en')}), false when estimated.`,
          resolve: async (connection) => (await (connection as unknown as Counted).count()).exact,
        }),
      }),
    },
    { name: 'SubmissionEdge' },
  ),
  submissionByNumber: t.field({
    type: SubmissionRef,
    nullable: true,
    description:
      "The submission whose number (BT-1) is `number`, of the seller `sellerSiren` (default: the tenant's seller) and, when given, " +
      'of `documentType`; null when none. An invoice and a credit note may share a number: then `documentType` is required.',
    args: {
      number: t.arg.string({ required: true }),
      sellerSiren: t.arg.string(),
      documentType: t.arg({ type: DocumentTypeEnum }),
    },
    resolve: async (_root, args, ctx) => {
      const filter = readFilter({ number: args.number, documentType: args.documentType });
      filter.sellerSiren = sirenArgument(args.sellerSiren, 'sellerSiren');
      filter.defaultSeller = filter.sellerSiren === undefined;
      const rows = await pageSubmissions(ctx.db, tenantOf(ctx).id, filter, readOrder(null), { limit: 2 });
      if (rows.length > 1) throw badInput('documentType', `an invoice and a credit note both have number "${args.number}": say which`);
      return rows[0] ?? null;
    },
  }),
}));
