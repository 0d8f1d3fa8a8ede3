/**
 * `GET /v1/seller-profile` and `PUT /v1/seller-profile`: the tenant's seller
 * profile in snake_case, over the GraphQL `sellerProfile` query and
 * `setSellerProfile` mutation (same resolvers, same checks): reaches the
 * `sellerProfile` and `setSellerProfile` resolvers (src/schema/types/seller-profile.ts).
 */
import { toWireName } from '../../src/schema/wire-names.ts';
import { OPERATIONS } from '../operations.ts';
import { sendJson, sendProblem } from '../problem.ts';
import { refusableBodyResultOf } from './input.ts';
import { type RestHandler, resultOf } from './types.ts';

/** A GraphQL result object with camelCase keys, as the snake_case record (nulls kept: the stored profile is complete). */
export function sellerProfileRecord(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const record: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) record[toWireName(key)] = sellerProfileRecord(field);
  return record;
}

/** `GET /v1/seller-profile`: 200 with the profile, 404 (not-found problem) while none is set. */
export const getSellerProfileHandler: RestHandler = async ({ res, context, run }) => {
  const profile = await resultOf(run, OPERATIONS.sellerProfile, {}, context);
  if (profile == null) {
    return sendProblem(res, 'notFound', { detail: 'No seller profile is set for this tenant: PUT /v1/seller-profile sets it' });
  }
  return sendJson(res, 200, sellerProfileRecord(profile));
};

/** `PUT /v1/seller-profile`: the whole profile; 200 with it as stored, 400 for its structure, 422 for its values. */
export const putSellerProfileHandler: RestHandler = async (handlerInput) => {
  const result = await refusableBodyResultOf(handlerInput, OPERATIONS.setSellerProfile, (input) => ({ input }));
  if (!result) return;
  return sendJson(handlerInput.res, 200, sellerProfileRecord(result.profile));
};
