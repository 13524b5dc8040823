import { z } from 'zod';

/** The one error shape of the API (docs/api.md "Shape of the API"). */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'CSRF_INVALID',
  'NOT_FOUND',
  'CONFLICT',
  'IDEMPOTENCY_IN_FLIGHT',
  'IDEMPOTENCY_MISMATCH',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'GONE',
  'RATE_LIMITED',
  'MISDIRECTED_REQUEST',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.array(fieldErrorSchema).optional(),
  tokenRefreshRequired: z.boolean().optional(),
  success: z.literal(false).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
