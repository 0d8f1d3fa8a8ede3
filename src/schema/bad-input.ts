/** The error a query argument the client got wrong becomes: named by its input path, as coercion errors are (http/variable-errors.ts). */
import { GraphQLError } from 'graphql';

/** `field: message`, with `extensions: { code: 'BAD_USER_INPUT', field }`; `field` is the argument's path (`filter.buyerSiren`). */
export function badInput(field: string, message: string): GraphQLError {
  return new GraphQLError(`${field}: ${message}`, { extensions: { code: 'BAD_USER_INPUT', field } });
}

/**
 * A paging cursor the client got wrong (`after`, `before`): `extensions: { code: 'BAD_USER_INPUT', argument, field }`,
 * `argument` the contract since the cursors were checked, `field` the path as every other argument error names it;
 * REST's list maps it to a 400 naming the parameter.
 */
export function badCursor(argument: 'after' | 'before', message: string): GraphQLError {
  return new GraphQLError(`${argument}: ${message}`, { extensions: { code: 'BAD_USER_INPUT', argument, field: argument } });
}
