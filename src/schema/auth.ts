/**
 * Which principal an operation is for. Tenant operations refuse the platform
 * token and the other way round: a GraphQL error FORBIDDEN with HTTP 403
 * (the REST facade answers 403 with a problem record).
 */
import { GraphQLError } from 'graphql';
import type { Context } from '../app/context.ts';
import type { PlatformIdentity, Tenant } from '../domain/tenancy/tenancy-service.ts';

export function forbidden(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'FORBIDDEN', http: { status: 403 } } });
}

/** The calling tenant. @throws FORBIDDEN for the platform token. */
export function tenantOf(ctx: Context): Tenant {
  if (ctx.principal.kind !== 'tenant') throw forbidden('This operation needs a tenant token');
  return ctx.principal.tenant;
}

/** The calling platform. @throws FORBIDDEN for a tenant token. */
export function platformOf(ctx: Context): PlatformIdentity {
  if (ctx.principal.kind !== 'platform') throw forbidden('This operation needs a platform credential');
  return ctx.principal.platform;
}
