import { z } from 'zod';

type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;
export type UpdateShape<T extends z.ZodRawShape> = {
  [K in keyof T]: z.ZodOptional<WithoutDefault<T[K]>>;
};

/**
 * The body of a partial update: every field optional and no defaults. (zod 4 applies `.default()`
 * inside `.partial()`, so `{ nome }` would otherwise reset every defaulted field.)
 */
export function updateShapeOf<T extends z.ZodRawShape>(shape: T): UpdateShape<T> {
  const out: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(shape)) {
    const inner =
      field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType);
    out[key] = inner.optional();
  }
  return out as UpdateShape<T>;
}
