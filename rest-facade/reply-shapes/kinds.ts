/**
 * The vocabulary the REST replies are written with (`./index.ts`): each builder returns a shape holding the JSON
 * Schema of the OpenAPI document and, as a type only, the TypeScript type of the values it describes, so that one
 * declaration gives both what `records.ts` returns and what `openapi/` serves.
 */

/** A JSON Schema object as the OpenAPI document serves it. */
export type Schema = Record<string, unknown>;

/** A reply's schema (`schema`) and, as a type only, the values it describes (`Reply`, never set at run time). */
export interface Shape<Reply> {
  readonly schema: Schema;
  readonly reply?: Reply;
}

/** A shape served as a named component (`#/components/schemas/<name>`). */
export interface Component<Reply> extends Shape<Reply> {
  readonly name: string;
}

/** The TypeScript type of the values `S` describes. */
export type ReplyOf<S> = S extends Shape<infer Reply> ? Reply : never;

const shape = <Reply>(schema: Schema): Shape<Reply> => ({ schema });

/** A JSON string; `schema` adds its keywords (`description`, `format`, `pattern`, `examples`). */
export const text = (schema: Schema = {}): Shape<string> => shape({ type: 'string', ...schema });

/** A JSON string in RFC 3339 `date-time` format. */
export const dateTime = (description: string): Shape<string> => text({ format: 'date-time', description });

/** A JSON integer; `schema` adds its bounds and description. */
export const integer = (schema: Schema = {}): Shape<number> => shape({ type: 'integer', ...schema });

/** A JSON boolean. */
export const boolean = (schema: Schema = {}): Shape<boolean> => shape({ type: 'boolean', ...schema });

/** A JSON string that is one of `values`. */
export const oneOf = <const Values extends readonly string[]>(values: Values, schema: Schema = {}): Shape<Values[number]> =>
  shape({ type: 'string', enum: [...values], ...schema });

/** A JSON string that is always `value`. */
export const constant = <const Value extends string>(value: Value, schema: Schema = {}): Shape<Value> =>
  shape({ type: 'string', const: value, ...schema });

/** A JSON array of `items`; `schema` adds `minItems`, `uniqueItems`, `description` (written after `items`). */
export function array<Item>(items: Shape<Item>, { description, ...schema }: Schema = {}): Shape<Item[]> {
  return shape({ type: 'array', ...schema, items: items.schema, ...(description !== undefined && { description }) });
}

/** A reference to the component `target`, with `schema`'s keywords beside it (a `description` for this use). */
export const ref = <Reply>(target: Component<Reply>, schema: Schema = {}): Shape<Reply> =>
  shape({ $ref: `#/components/schemas/${target.name}`, ...schema });

/** A field the object always has (in its `required` list); a field without it is left out when absent, never null. */
export interface Required<S> {
  readonly required: S;
}

/** Marks a field of `object` as always present. */
export const required = <S extends Shape<unknown>>(field: S): Required<S> => ({ required: field });

type Field = Shape<unknown> | Required<Shape<unknown>>;
type RequiredKey<Fields> = { [K in keyof Fields]: Fields[K] extends Required<Shape<unknown>> ? K : never }[keyof Fields];
type Flatten<T> = { [K in keyof T]: T[K] };

/** The values of an object of `Fields`: required fields present, the others possibly absent (never null). */
export type ObjectOf<Fields> = Flatten<
  { [K in RequiredKey<Fields>]: Fields[K] extends Required<infer S> ? ReplyOf<S> : never } & {
    [K in Exclude<keyof Fields, RequiredKey<Fields>>]?: ReplyOf<Fields[K]>;
  }
>;

/**
 * A closed JSON object (`additionalProperties: false`, so that the tests' conformance checker notices a member the
 * document does not describe) of `fields`, in their order; `schema` adds its `description`.
 */
export function object<const Fields extends Record<string, Field>>(fields: Fields, schema: Schema = {}): Shape<ObjectOf<Fields>> {
  const entries = Object.entries(fields);
  return shape({
    type: 'object',
    ...schema,
    required: entries.filter(([, field]) => 'required' in field).map(([name]) => name),
    properties: Object.fromEntries(entries.map(([name, field]) => [name, ('required' in field ? field.required : field).schema])),
    additionalProperties: false,
  });
}

/** `reply` served as the component `name`. */
export const component = <Reply>(name: string, reply: Shape<Reply>): Component<Reply> => ({ name, schema: reply.schema });

/** The components of `shapes` by name, for `components.schemas`. */
export const componentSchemas = (...shapes: Array<Component<unknown>>): Record<string, Schema> =>
  Object.fromEntries(shapes.map((entry) => [entry.name, entry.schema]));

/**
 * `value` as one of `values`: for a field the GraphQL schema exposes as a plain `String` whose writers store only
 * these values (the OpenAPI tests check every reply they record against the schema).
 */
export const wireValue = <const Values extends readonly string[]>(_values: Values, value: string): Values[number] =>
  value as Values[number];
