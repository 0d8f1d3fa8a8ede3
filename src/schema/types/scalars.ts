/**
 * Scalars. Validation comes from graphql-scalars; DateTime keeps the string as
 * the client wrote it, because its offset decides the local date of the
 * invoice (BT-2) and converting to UTC could move it to the previous day.
 */
import { GraphQLError, Kind, type ValueNode } from 'graphql';
import { DateTimeResolver, LocalDateResolver, SafeIntResolver } from 'graphql-scalars';
import { builder } from '../builder.ts';

builder.addScalarType('SafeInt', SafeIntResolver, {
  description:
    'An integer between -(2^53 - 1) and 2^53 - 1. Amounts use it, in the smallest unit of their ' +
    'currency (cents for EUR, yen for JPY, fils for BHD); GraphQL Int would overflow above 21,474,836.47 EUR.',
});

/**
 * A GraphQLError when `text` starts with a well-formed calendar date that does
 * not exist (2026-02-30): the generic "not a valid date" would send the client
 * looking at the format.
 */
function impossibleDate(text: string): GraphQLError | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists = month >= 1 && month <= 12 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists ? undefined : new GraphQLError(`${match[0]} is not a date that exists`);
}

function parseDateTime(value: unknown): string {
  if (typeof value !== 'string') {
    throw new GraphQLError(`DateTime must be an RFC 3339 date-time string, got ${JSON.stringify(value)}`);
  }
  const impossible = impossibleDate(value);
  if (impossible) throw impossible;
  DateTimeResolver.parseValue(value);
  return value;
}

function parseDate(value: unknown): string {
  const impossible = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? impossibleDate(value) : undefined;
  if (impossible) throw impossible;
  return LocalDateResolver.parseValue(value) as string;
}

builder.scalarType('DateTime', {
  description: 'An RFC 3339 date-time with an offset, e.g. 2015-01-09T00:00:00Z; returned as written.',
  specifiedByURL: 'https://www.rfc-editor.org/rfc/rfc3339#section-5.6',
  serialize: (value) => (value instanceof Date ? value.toISOString() : parseDateTime(value)),
  parseValue: parseDateTime,
  parseLiteral: (ast: ValueNode) => {
    if (ast.kind !== Kind.STRING) throw new GraphQLError('DateTime must be a string', { nodes: ast });
    return parseDateTime(ast.value);
  },
});

builder.scalarType('Date', {
  description: 'A calendar date, YYYY-MM-DD (ISO 8601), e.g. 2015-01-09; one that exists.',
  specifiedByURL: LocalDateResolver.specifiedByURL ?? undefined,
  serialize: (value) => LocalDateResolver.serialize(value) as string,
  parseValue: parseDate,
  parseLiteral: (ast: ValueNode) => {
    if (ast.kind !== Kind.STRING) throw new GraphQLError('Date must be a string', { nodes: ast });
    return parseDate(ast.value);
  },
});
