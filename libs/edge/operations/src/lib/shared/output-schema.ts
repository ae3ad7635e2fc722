/**
 * An operation's output is one zod schema: a strict object, or a discriminated union when the result
 * has variants (status "saved" or "duplicate"). Two forms are derived from it here, so they cannot
 * drift from it:
 * - `toolOutputSchema`: MCP wants an object at the root of a tool's `outputSchema` (the SDK lists and
 *   validates only object schemas). From a union it derives the one root object: the discriminant
 *   becomes the enum of the variants' values, a field every variant has is required, any other field
 *   is optional, a field whose schema differs between variants accepts any of them, and no field
 *   beyond these is allowed. An object is its own root.
 * - `variant`: the variants a REST status answers with (`variant(rememberOutput, 'saved')`).
 */
import { z } from 'zod';

type Variant = z.ZodObject<z.ZodRawShape>;
type VariantUnion = z.ZodDiscriminatedUnion<readonly Variant[], string>;
type DiscriminantOf<U extends VariantUnion> = U['def']['discriminator'];

const toolOutputs = new WeakMap<z.ZodType, z.ZodObject>();

/** The MCP `outputSchema` of an operation's output (derived once per schema). */
export function toolOutputSchema(output: z.ZodType): z.ZodObject {
  if (output instanceof z.ZodObject) return output;
  if (!(output instanceof z.ZodDiscriminatedUnion))
    throw new Error('An output is a strict object or a discriminated union of strict objects.');
  const known = toolOutputs.get(output);
  if (known) return known;
  const union = output as VariantUnion;
  const derived = rootObject(union.def.discriminator, union.options);
  toolOutputs.set(output, derived);
  return derived;
}

/** The variants of `output` whose discriminant has one of `values`: one object, or their union. */
export function variant<U extends VariantUnion, V extends z.output<U>[DiscriminantOf<U>]>(
  output: U,
  ...values: [V, ...V[]]
): z.ZodType<Extract<z.output<U>, Record<DiscriminantOf<U>, V>>> {
  const key = output.def.discriminator;
  const chosen = output.options.filter((option) =>
    values.includes(literalValue(option.shape[key], key) as V),
  );
  if (chosen.length !== values.length) throw new Error(`No variant ${values.join(', ')} of "${key}".`);
  const [first, ...rest] = chosen;
  const picked: z.ZodType = rest.length === 0 ? first : z.discriminatedUnion(key, [first, ...rest]);
  return picked as z.ZodType<Extract<z.output<U>, Record<DiscriminantOf<U>, V>>>;
}

/**
 * The output variant a presenter answers for a domain result it is given: the one with the same
 * discriminant value. A presenter overloaded with it keeps a caller's narrowing (a route that has
 * ruled out "not_found" gets the "found" view's type), and with the full result union it gives the
 * full output union.
 */
export type VariantFor<Output, K extends PropertyKey, Result extends Record<K, unknown>> = Extract<
  Output,
  Record<K, Result[K]>
>;

function rootObject(discriminant: string, variants: readonly Variant[]): z.ZodObject {
  const schemasByKey = new Map<string, z.core.$ZodType[]>();
  for (const option of variants) {
    for (const [key, schema] of Object.entries(option.shape)) {
      const seen = schemasByKey.get(key) ?? [];
      if (!seen.includes(schema)) seen.push(schema);
      schemasByKey.set(key, seen);
    }
  }
  const shape: Record<string, z.core.$ZodType> = {};
  for (const [key, schemas] of schemasByKey) {
    const inEvery = variants.every((option) => key in option.shape);
    const field =
      key === discriminant
        ? z.enum(variants.map((option) => literalValue(option.shape[key], key)))
        : schemas.length === 1
          ? schemas[0]
          : z.union(schemas);
    shape[key] = inEvery ? field : z.optional(field);
  }
  return z.strictObject(shape);
}

function literalValue(schema: z.core.$ZodType | undefined, key: string): string {
  if (schema instanceof z.ZodLiteral && typeof schema.value === 'string') return schema.value;
  throw new Error(`Every variant needs a string literal "${key}".`);
}
