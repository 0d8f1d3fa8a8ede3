/** The error a query argument the client got wrong becomes: named by its input path, as coercion errors are (http/variable-errors.ts). */
import { GraphQLError } from 'graphql';

/** `field: message`, with `extensions: { code: 'BAD_USER_INPUT', field }`; `field` is the argument's path (`filter.buyerSiren`). */
export function badInput(field: string, message: string): GraphQLError {
  return new GraphQLError(`${field}: ${message}`, { extensions: { code: 'BAD_USER_INPUT', field } });
}
