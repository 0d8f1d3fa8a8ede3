/**
 * The orders of the submissions list and their keyset cursors: each order is
 * total (ties broken by id), and a cursor carries the order's value and the id
 * of the row it points at, so the next page starts exactly after it.
 */
import { isUuid } from '../../ids.ts';

/** What the list can be ordered by: creation (id order), BT-2 issue date, BT-1 number (byte order). */
export type SubmissionOrderField = 'createdAt' | 'issueDate' | 'number';

/** An order and its direction. */
export interface SubmissionOrder {
  field: SubmissionOrderField;
  descending: boolean;
}

/** The newest first: the list's default. */
export const NEWEST_FIRST: SubmissionOrder = { field: 'createdAt', descending: true };

/** A position in an order: the row's value of the order's field (none for `createdAt`) and its id. */
export interface Position {
  value?: string;
  id: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The cursor of the row `{ id, issueDate, number }` in `field` order: the id alone for `createdAt`
 * (so cursors of earlier versions still work), else `d~<date>~<id>` or `n~<base64url number>~<id>`.
 */
export function cursorOf(field: SubmissionOrderField, row: { id: string; issueDate: string; number: string }): string {
  if (field === 'issueDate') return `d~${row.issueDate}~${row.id}`;
  if (field === 'number') return `n~${Buffer.from(row.number, 'utf8').toString('base64url')}~${row.id}`;
  return row.id;
}

/** The position a cursor of `field` order names; undefined when it is not one (another order's, or garbage). */
export function positionOf(field: SubmissionOrderField, cursor: string): Position | undefined {
  if (field === 'createdAt') return isUuid(cursor) ? { id: cursor } : undefined;
  const [tag, value, id, ...rest] = cursor.split('~');
  if (rest.length > 0 || value === undefined || id === undefined || !isUuid(id)) return undefined;
  if (field === 'issueDate') return tag === 'd' && DATE.test(value) && !Number.isNaN(Date.parse(value)) ? { value, id } : undefined;
  if (tag !== 'n' || !/^[A-Za-z0-9_-]*$/.test(value)) return undefined;
  return { value: Buffer.from(value, 'base64url').toString('utf8'), id };
}
