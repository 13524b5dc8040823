import { z } from 'zod';
import { PAGE_KEYS } from './permissions.js';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

export const passwordSchema = z
  .string({ error: 'La password è obbligatoria' })
  .min(PASSWORD_MIN, { error: `La password deve avere almeno ${PASSWORD_MIN} caratteri` })
  .max(PASSWORD_MAX, { error: `La password può avere al massimo ${PASSWORD_MAX} caratteri` })
  .refine((v) => v.trim().length > 0, { error: 'La password non può essere fatta solo di spazi' });

export const emailSchema = z
  .string({ error: "L'email è obbligatoria" })
  .trim()
  .toLowerCase()
  .max(254, { error: "L'email è troppo lunga" })
  .pipe(z.email({ error: 'Email non valida' }));

export const nameSchema = z
  .string({ error: 'Il nome è obbligatorio' })
  .trim()
  .min(1, { error: 'Il nome è obbligatorio' })
  .max(120, { error: 'Il nome può avere al massimo 120 caratteri' });

export const roleSchema = z.enum(['admin', 'user'], { error: 'Ruolo non valido' });

const permissionValueSchema = z.union([
  z.boolean(),
  z.strictObject({ access: z.boolean(), write: z.boolean().optional() }),
]);
export const permissionsSchema = z.partialRecord(z.enum(PAGE_KEYS), permissionValueSchema);

export const idSchema = z.uuid({ error: 'Identificativo non valido' });

export const loginBodySchema = z.strictObject({
  email: z.string({ error: "L'email è obbligatoria" }).trim().toLowerCase().min(1).max(254),
  // No length rule here: a login only compares, and the same 401 must answer every wrong pair.
  password: z.string({ error: 'La password è obbligatoria' }).min(1).max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  companyId: z.string(),
  permissions: permissionsSchema,
  active: z.boolean(),
  /** After an admin's reset: the web app sends the user to change it before anything else. */
  mustChangePassword: z.boolean().optional(),
  createdAt: z.string().optional(),
  lastLoginAt: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({
  success: z.literal(true),
  user: userSchema.extend({ accessToken: z.string() }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const changePasswordBodySchema = z.strictObject({
  currentPassword: z.string({ error: 'La password attuale è obbligatoria' }).min(1).max(1024),
  newPassword: passwordSchema,
});

export const registerBodySchema = z.strictObject({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  role: roleSchema.default('user'),
  companyId: idSchema.optional(),
  permissions: permissionsSchema.default({}),
  active: z.boolean().default(true),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

/** Admin edit: every field; a user editing themself may send only name and email (checked by the server). */
export const updateUserBodySchema = z.strictObject({
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  role: roleSchema.optional(),
  companyId: idSchema.optional(),
  permissions: permissionsSchema.optional(),
  active: z.boolean().optional(),
  /** an admin's password reset */
  password: passwordSchema.optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

export const userResponseSchema = z.object({ success: z.literal(true), user: userSchema });
export const usersResponseSchema = z.object({
  success: z.literal(true),
  users: z.array(userSchema),
});
export const successSchema = z.object({ success: z.literal(true), message: z.string().optional() });

export const resetPasswordResponseSchema = z.object({
  success: z.literal(true),
  /** Shown once to the admin; the user must replace it at the next login. */
  temporaryPassword: z.string(),
});

export const csrfTokenResponseSchema = z.object({ csrfToken: z.string() });
export const logoResponseSchema = z.object({ logoUrl: z.string().nullable() });

/**
 * `GET /api/health`: `{ status }` to anyone; an admin also reads the version and the database; a
 * staging address names its database to anyone (the banner of every page).
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok']),
  version: z.string().optional(),
  db: z.enum(['pglite', 'postgres']).optional(),
  dbName: z.string().optional(),
  staging: z.boolean().optional(),
});
export type Health = z.infer<typeof healthResponseSchema>;

/** What `/api/ready` checks (the database includes its migrations; Redis only with REDIS_URL). */
export const READY_CHECKS = ['database', 'redis', 'storage'] as const;

/**
 * `GET /api/ready`, for a load balancer: 200 when every check answers, 503 while one does not and from
 * the moment the server begins to stop. The same body both ways; `message` (Italian) names what is not ready.
 */
export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  message: z.string().optional(),
  /** True once shutdown has begun: the instance will not come back, send the traffic elsewhere. */
  stopping: z.boolean(),
  checks: z.array(
    z.object({ name: z.enum(READY_CHECKS), ok: z.boolean(), ms: z.number().int().nonnegative() }),
  ),
});
export type Ready = z.infer<typeof readyResponseSchema>;
