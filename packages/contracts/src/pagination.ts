import { z } from 'zod';

/** The one pagination shape for `/api/<plural>` lists (docs/api.md "Shape of the API"). */
export const LIST_LIMIT_MAX = 100;
export const LIST_TOTAL_CAP = 10_000;

export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(20),
  sort: z.string().max(50).optional(),
  q: z.string().trim().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    totalCapped: z.boolean().optional(),
    page: z.number().int(),
    limit: z.number().int(),
  });
}
export interface Page<T> {
  items: T[];
  total: number;
  totalCapped?: boolean;
  page: number;
  limit: number;
}
