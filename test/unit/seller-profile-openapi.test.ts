/**
 * The OpenAPI description of the seller profile in step with the code: the
 * request schemas have the fields (and required ones) of the GraphQL input
 * types the facade decodes with, the reply schema those of the GraphQL type,
 * and the 422 lists exactly the rules the checks report.
 */
import { readFileSync } from 'node:fs';
import { isInputObjectType, isNonNullType, isObjectType, type GraphQLInputObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../rest-facade/openapi/index.ts';
import { SELLER_PROFILE_RULES } from '../../src/domain/sellers/seller-checks.ts';
import { ruleIdsFor } from '../../src/model/rule-catalogue.ts';
import { schema } from '../../src/schema/index.ts';
import { toWireName } from '../../src/schema/wire-names.ts';

type Obj = Record<string, any>;
const schemas = (openApiDocument as unknown as Obj)['components']['schemas'] as Obj;

function input(name: string): GraphQLInputObjectType {
  const type = schema.getType(name);
  if (!isInputObjectType(type)) throw new Error(`${name} is not an input type`);
  return type;
}

const wireFields = (type: GraphQLInputObjectType, requiredOnly = false) =>
  Object.values(type.getFields())
    .filter((f) => !requiredOnly || isNonNullType(f.type))
    .map((f) => toWireName(f.name))
    .sort();

describe('seller profile in the OpenAPI document', () => {
  const request = schemas['SellerProfileInput'];

  it.each([
    ['SellerProfileInput', request],
    ['SellerAddressInput', request['properties']['address']],
    ['ElectronicAddressInput', request['properties']['electronic_address']],
    ['LegalNotesInput', request['properties']['legal_notes']],
  ])('the request schema of %s has its fields and required ones, and is open', (name, documented) => {
    expect(Object.keys(documented['properties']).sort()).toEqual(wireFields(input(name)));
    expect([...(documented['required'] ?? [])].sort()).toEqual(wireFields(input(name), true));
    expect(documented['additionalProperties']).toBe(true);
  });

  it('describes every field of the GraphQL SellerProfile in the reply, all required', () => {
    const type = schema.getType('SellerProfile');
    if (!isObjectType(type)) throw new Error('SellerProfile is not an object type');
    const fields = Object.keys(type.getFields()).map(toWireName).sort();
    expect(Object.keys(schemas['SellerProfile']['properties']).sort()).toEqual(fields);
    expect([...schemas['SellerProfile']['required']].sort()).toEqual(fields);
  });

  it('lists exactly the rules checkSellerProfile and the seller endpoints report in its 422', () => {
    // The catalogue's seller-request rules are those the sellers service adds to checkSellerProfile's.
    const service = readFileSync(new URL('../../src/domain/sellers/sellers-service.ts', import.meta.url), 'utf8');
    expect([...ruleIdsFor('seller-request')]).toEqual([...new Set([...service.matchAll(/rule: '([A-Z0-9-]+)'/g)].map((m) => m[1]))]);
    expect([...schemas['SellerProfileValidationError']['properties']['rule']['enum']].sort()).toEqual(
      [...SELLER_PROFILE_RULES, ...ruleIdsFor('seller-request')].sort(),
    );
  });
});
