/**
 * MCP wants an object at the root of a tool's `outputSchema` (the SDK lists and validates only object
 * schemas), while a result with variants (status "saved" or "duplicate") is exactly described by a
 * discriminated union. `toolOutputSchema` derives the one root object from the variants: the
 * discriminant becomes the enum of their values, a field every variant has is required, any other
 * field is optional, a field whose schema differs between variants accepts any of them, and no
 * field beyond these is allowed. The variants stay the source: the presenters' return types and the
 * REST responses use them, the derived object cannot drift from them.
 */
import { z } from 'zod';

type Variant = z.ZodObject<z.ZodRawShape>;

export function toolOutputSchema(
  discriminant: string,
  variants: readonly [Variant, ...Variant[]],
): z.ZodObject<z.ZodRawShape, z.core.$strict> {
  const schemasByKey = new Map<string, z.core.$ZodType[]>();
  for (const variant of variants) {
    for (const [key, schema] of Object.entries(variant.shape)) {
      const seen = schemasByKey.get(key) ?? [];
      if (!seen.includes(schema)) seen.push(schema);
      schemasByKey.set(key, seen);
    }
  }
  const shape: Record<string, z.core.$ZodType> = {};
  for (const [key, schemas] of schemasByKey) {
    const inEvery = variants.every((variant) => key in variant.shape);
    const field =
      key === discriminant
        ? z.enum(variants.map((variant) => literalValue(variant.shape[key], key)))
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
