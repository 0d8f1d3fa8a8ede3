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

function parseDateTime(value: unknown): string {
  if (typeof value !== 'string') {
    throw new GraphQLError(`DateTime must be an RFC 3339 date-time string, got ${JSON.stringify(value)}`);
  }
  DateTimeResolver.parseValue(value);
  return value;
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

builder.addScalarType('Date', LocalDateResolver, {
  description: 'A calendar date, YYYY-MM-DD (ISO 8601), e.g. 2015-01-09.',
});
