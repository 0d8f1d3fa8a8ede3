/**
 * `/v1/sellers`: a tenant's sellers in snake_case (`POST` creates, `GET` lists by SIREN with cursor paging,
 * `GET`/`PUT /v1/sellers/{siren}` read and replace one). Thin adapters over the `sellers`, `seller`, `createSeller`
 * and `updateSeller` operations (their resolvers: src/schema/types/seller.ts).
 */
import type { ResultOf } from '../../src/graphql/tada.ts';
import { OPERATIONS } from '../operations.ts';
import { sendJson, sendProblem } from '../problem.ts';
import { refusableBodyResultOf } from './input.ts';
import { readPage, sendPage } from './page.ts';
import { sellerProfileRecord } from './seller-profile.ts';
import { type RestHandler, resultOf } from './types.ts';

type SellerFields = NonNullable<ResultOf<typeof OPERATIONS.seller>['result']>;

/** A seller as REST shows it: its profile's fields, `is_default`, `created_at`, `updated_at`. */
export function sellerRecord(seller: SellerFields): Record<string, unknown> {
  return {
    ...(sellerProfileRecord(seller.profile) as Record<string, unknown>),
    is_default: seller.isDefault,
    created_at: seller.createdAt,
    updated_at: seller.updatedAt,
  };
}

const notFound = (siren: string | undefined) => `No seller with SIREN "${(siren ?? '').slice(0, 20)}" under this tenant`;

/**
 * `POST /v1/sellers`: 201 with the seller and `Location`, and `warnings` when there are some (its SIREN has no PA
 * directory line); 409 when the SIREN is taken, 400/422 for the body.
 */
export const createSellerHandler: RestHandler = async (handlerInput) => {
  const { res, routePath } = handlerInput;
  const result = await refusableBodyResultOf(handlerInput, OPERATIONS.createSeller, (input) => ({ input }));
  switch (result?.__typename) {
    case 'SellerExists':
      return sendProblem(res, 'sellerExists', { detail: result.message });
    case 'SellerSaved':
      return sendJson(
        res,
        201,
        { ...sellerRecord(result.seller), ...(result.warnings.length > 0 && { warnings: result.warnings }) },
        { Location: `${routePath}/${result.seller.profile.siren}` },
      );
  }
};

/** `GET /v1/sellers`: `{ data: [seller…], next_cursor? }` in SIREN order. */
export const listSellersHandler: RestHandler = async ({ req, res, context, run }) => {
  const page = readPage(req, res);
  if (!page) return;
  const connection = await resultOf(run, OPERATIONS.sellers, page, context);
  return sendPage(res, connection, sellerRecord);
};

/** `GET /v1/sellers/{siren}`: 200 with the seller, 404 unless it is one of the tenant's. */
export const getSellerHandler: RestHandler = async ({ res, params, context, run }) => {
  const seller = await resultOf(run, OPERATIONS.seller, { siren: params.siren ?? '' }, context);
  if (!seller) return sendProblem(res, 'notFound', { detail: notFound(params.siren) });
  return sendJson(res, 200, sellerRecord(seller));
};

/** `PUT /v1/sellers/{siren}`: replaces the seller whole; 200 with it as stored, 404, 400/422 for the body. */
export const putSellerHandler: RestHandler = async (handlerInput) => {
  const { res, params } = handlerInput;
  const result = await refusableBodyResultOf(handlerInput, OPERATIONS.updateSeller, (input) => ({ siren: params.siren ?? '', input }));
  switch (result?.__typename) {
    case 'NotFound':
      return sendProblem(res, 'notFound', { detail: notFound(params.siren) });
    case 'SellerSaved':
      return sendJson(res, 200, sellerRecord(result.seller));
  }
};
