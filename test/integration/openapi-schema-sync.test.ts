/**
 * The OpenAPI document in step with what the gateway enforces: the lifecycle
 * flags of the GraphQL schema, the rule catalogue split between the 422s of
 * each endpoint, and request schemas matching the GraphQL input types that
 * decode.ts reads. The invoice and credit note schemas and input types are both
 * derived from the document shape (src/model/document-shape/), so only their
 * kind-to-type mappings can drift apart; the other request schemas are written
 * by hand and compared field by field.
 */
import { readFileSync } from 'node:fs';
import { getNullableType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, type GraphQLInputType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../rest-facade/openapi/index.ts';
import { LIFECYCLE_FLAGS } from '../../rest-facade/reply-shapes/status-entry.ts';
import { DOCUMENT_SHAPE, type ObjectName } from '../../src/model/document-shape/index.ts';
import { RULE_CATALOGUE, ruleIdsFor } from '../../src/model/rule-catalogue.ts';
import { schema as graphQLSchema } from '../../src/schema/index.ts';
import { toWireName } from '../../src/schema/wire-names.ts';
import { resolveRef, type Obj } from '../support/openapi.ts';

const doc = openApiDocument as unknown as Obj;

describe('OpenAPI document', () => {
  it('has the lifecycle flags of the GraphQL schema', () => {
    const flags = graphQLSchema.getType('LifecycleStatusFlag');
    if (!isEnumType(flags)) throw new Error('LifecycleStatusFlag is not an enum');
    expect([...LIFECYCLE_FLAGS].sort()).toEqual(
      flags
        .getValues()
        .map((value) => value.name)
        .sort(),
    );
    const documented = doc['components']['schemas']['LifecycleStatusEntry']['properties']['flags']['items']['enum'];
    expect(documented).toEqual([...LIFECYCLE_FLAGS]);
  });

  it('splits the rule catalogue between the submission, lifecycle event and webhook endpoint 422s', () => {
    const rulesOf = (schema: string) => doc['components']['schemas'][schema]['properties']['rule']['enum'] as string[];
    const submissionRules = rulesOf('ValidationError');
    const lifecycleRules = rulesOf('LifecycleValidationError');
    const webhookRules = rulesOf('WebhookValidationError');
    // The seller profile reports some submission rules too (country, SIRET, VAT number), hence the set.
    const sellerProfileRules = rulesOf('SellerProfileValidationError');
    expect([...new Set([...submissionRules, ...lifecycleRules, ...webhookRules, ...sellerProfileRules])].sort()).toEqual(
      RULE_CATALOGUE.map((entry) => entry.id).sort(),
    );
    // Each 422 schema lists the catalogue's filter for its scope, in catalogue order.
    expect(submissionRules).toEqual([...ruleIdsFor('document')]);
    expect(lifecycleRules).toEqual([...ruleIdsFor('lifecycle-event')]);
    expect(webhookRules).toEqual([...ruleIdsFor('webhook-endpoint')]);
    expect(sellerProfileRules).toEqual([...ruleIdsFor('seller-profile', 'seller-request')]);
    // Each split is exactly the rules its service reports.
    const emittedBy = (file: string) => {
      const source = readFileSync(new URL(`../../src/${file}`, import.meta.url), 'utf8');
      return [...new Set([...source.matchAll(/rule: '([A-Z0-9-]+)'/g)].map((match) => match[1]))].sort();
    };
    expect(emittedBy('domain/lifecycle/lifecycle-service.ts')).toEqual([...ruleIdsFor('lifecycle-event')].sort());
    expect(emittedBy('webhooks/endpoints.ts')).toEqual([...ruleIdsFor('webhook-endpoint')].sort());
  });

  // Request schemas must say what decode.ts enforces, and decode.ts reads the GraphQL input types.
  describe.each([
    ...(Object.keys(DOCUMENT_SHAPE) as ObjectName[]).map((name) => [`${name}Input`, name, 'shape'] as const),
    ['LifecycleEventInput', 'LifecycleEvent', 'by hand'] as const,
    ['WebhookEndpointInput', 'WebhookEndpointRegistration', 'by hand'] as const,
    ['WebhookEndpointPatch', 'WebhookEndpointPatch', 'by hand'] as const,
  ])('%s and the %s schema', (inputName, schemaName, written) => {
    const input = graphQLSchema.getType(inputName);
    const schema = doc['components']['schemas'][schemaName] as Obj;
    if (!isInputObjectType(input)) throw new Error(`${inputName} is not an input type`);
    const fields = Object.values(input.getFields());

    // Fields and required lists of the shape's objects are derived on both sides and cannot differ.
    if (written === 'by hand') {
      it('have the same fields, the same required ones, and open objects', () => {
        expect(Object.keys(schema['properties']).sort()).toEqual(fields.map((f) => toWireName(f.name)).sort());
        expect([...schema['required']].sort()).toEqual(
          fields
            .filter((f) => isNonNullType(f.type))
            .map((f) => toWireName(f.name))
            .sort(),
        );
        expect(schema['additionalProperties']).toBe(true);
      });
    }

    it.each(fields.map((f) => [toWireName(f.name), f.type] as const))('%s has the JSON type of its GraphQL type', (wireName, type) => {
      expect(jsonTypeOf(resolveNullable(schema['properties'][wireName]))).toEqual(expectedJsonType(type));
    });
  });
});

/** `{ type, format?, bounds? }` a GraphQL input type maps to; nullable types add `null`. */
function expectedJsonType(type: GraphQLInputType): Obj {
  const nullable = !isNonNullType(type);
  const inner = getNullableType(type);
  let base: Obj;
  if (isListType(inner)) base = { type: 'array' };
  else if (isInputObjectType(inner)) base = { type: 'object' };
  else if (isScalarType(inner)) {
    base = {
      String: { type: 'string' },
      // ID also takes a JSON integer; documented as a string (an integer never names a submission: 422).
      ID: { type: 'string' },
      Int: { type: 'integer', minimum: -(2 ** 31), maximum: 2 ** 31 - 1 },
      Float: { type: 'number' },
      Boolean: { type: 'boolean' },
      SafeInt: { type: 'integer', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
      DateTime: { type: 'string', format: 'date-time' },
      Date: { type: 'string', format: 'date' },
    }[inner.name] ?? { type: `unknown scalar ${inner.name}` };
  } else base = { type: 'unsupported' };
  return { ...base, nullable };
}

function resolveNullable(schema: Obj): Obj {
  if (Array.isArray(schema['anyOf'])) {
    const [target] = (schema['anyOf'] as Obj[]).filter((s) => s['type'] !== 'null');
    return { ...resolveRef(target!), type: [resolveRef(target!)['type'], 'null'] };
  }
  return '$ref' in schema ? resolveRef(schema) : schema;
}

function jsonTypeOf(schema: Obj): Obj {
  const types = ([] as string[]).concat(schema['type']);
  const out: Obj = { type: types.filter((t) => t !== 'null')[0], nullable: types.includes('null') };
  for (const key of ['format', 'minimum', 'maximum']) if (key in schema) out[key] = schema[key];
  return out;
}
